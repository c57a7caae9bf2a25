/// A request sent and not yet answered.
struct InFlight: Sendable {
  var item: TableAttempt
  /// When its request was handed to the pipe (monotonic nanoseconds).
  var sentAt: UInt64
  /// How long conform had been busy with answers when it was sent (`SessionRules.busyNanoseconds`):
  /// its clock does not count conform's own time.
  var busyAtSend: UInt64 = 0
}

/// The requests of one process sent and not yet answered, by `seq`.
///
/// A ring indexed by `seq` rather than a dictionary: seqs are given in order and mostly answered
/// in order, so finding and removing an answer's request costs no hashing. The ring spans the
/// oldest unanswered `seq` to the newest sent; it grows when an old request stays unanswered
/// while later ones are answered (until the old one's timeout ends the process).
struct InFlightRequests {
  private var slots: [InFlight?]
  private var mask: Int64
  /// No request below it is in flight.
  private var oldest: Int64 = 1
  /// One past the newest request added.
  private var end: Int64 = 1
  private(set) var count = 0

  init(capacity: Int = 1024) {
    var size = 1
    while size < capacity { size <<= 1 }
    slots = Array(repeating: nil, count: size)
    mask = Int64(size - 1)
  }

  var isEmpty: Bool { count == 0 }

  /// How many seqs the ring covers: from the oldest request in flight to the newest sent.
  var span: Int64 { count == 0 ? 0 : end - oldest }

  subscript(seq: Int64) -> InFlight? {
    guard seq >= oldest, seq < end else { return nil }
    return slots[Int(seq & mask)]
  }

  /// The in-flight request sent first, if any.
  var first: (seq: Int64, entry: InFlight)? {
    guard count > 0, let entry = slots[Int(oldest & mask)] else { return nil }
    return (oldest, entry)
  }

  /// Every request in flight, in `seq` order.
  var all: [(seq: Int64, entry: InFlight)] {
    guard count > 0 else { return [] }
    return (oldest..<end).compactMap { seq in slots[Int(seq & mask)].map { (seq, $0) } }
  }

  /// Adds the request sent as `seq`: a newer one than any added before, or one just removed
  /// (put back).
  mutating func add(_ entry: InFlight, seq: Int64) {
    let low = count == 0 ? seq : min(oldest, seq)
    let high = max(end, seq + 1)
    if high - low > Int64(slots.count) { grow(toHold: high - low) }
    oldest = low
    end = high
    precondition(slots[Int(seq & mask)] == nil, "seq \(seq) is already in flight")
    slots[Int(seq & mask)] = entry
    count += 1
  }

  /// Removes and returns the request sent as `seq`, nil when it is not in flight.
  mutating func remove(_ seq: Int64) -> InFlight? {
    guard seq >= oldest, seq < end else { return nil }
    let slot = Int(seq & mask)
    guard let entry = slots[slot] else { return nil }
    slots[slot] = nil
    count -= 1
    if count == 0 {
      oldest = end
    } else if seq == oldest {
      while slots[Int(oldest & mask)] == nil { oldest += 1 }
    }
    return entry
  }

  /// Removes every request.
  mutating func removeAll() {
    for seq in oldest..<end { slots[Int(seq & mask)] = nil }
    count = 0
    oldest = end
  }

  /// Moves the requests to a ring of at least `span` slots.
  private mutating func grow(toHold span: Int64) {
    var size = slots.count
    while Int64(size) < span { size <<= 1 }
    var larger = [InFlight?](repeating: nil, count: size)
    let newMask = Int64(size - 1)
    for seq in oldest..<end {
      if let entry = slots[Int(seq & mask)] { larger[Int(seq & newMask)] = entry }
    }
    slots = larger
    mask = newMask
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Facts about the running program and the machine, read the way each system publishes them.
package enum Host {
  /// The absolute path of the running executable, symbolic links resolved
  /// (`/proc/self/exe` on Linux, `_NSGetExecutablePath` on Darwin); nil when it cannot be read.
  package static var executablePath: String? {
    #if canImport(Darwin)
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)  // fails, setting the size it needs
      var buffer = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
      return realPath(String(cString: buffer))
    #else
      return realPath("/proc/self/exe")
    #endif
  }

  /// The peak physical memory of the running process `pid` (a child of ours), in KiB, its
  /// own children not included: `VmHWM` on Linux, `ri_lifetime_max_phys_footprint` on Darwin.
  /// Nil once it has ended or when it cannot be read.
  package static func peakMemoryKilobytes(of pid: pid_t) -> Int? {
    #if canImport(Darwin)
      var info = rusage_info_v4()
      let result = withUnsafeMutablePointer(to: &info) { pointer in
        pointer.withMemoryRebound(to: rusage_info_t?.self, capacity: 1) { proc_pid_rusage(pid, RUSAGE_INFO_V4, $0) }
      }
      guard result == 0 else { return nil }
      return Int(info.ri_lifetime_max_phys_footprint / 1024)
    #else
      guard let status = readText("/proc/\(pid)/status") else { return nil }
      for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(String(line.dropFirst(6).filter(\.isNumber)))
      }
      return nil
    #endif
  }

  /// The processor's model name ("Intel(R) Xeon(R) ...", "Apple M2"), if the system says.
  package static var cpuModel: String? {
    #if canImport(Darwin)
      return sysctlString("machdep.cpu.brand_string")
    #else
      guard let cpuinfo = readText("/proc/cpuinfo") else { return nil }
      return cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
        .flatMap { $0.split(separator: ":", maxSplits: 1).last }.map { trimming($0, " ") }
    #endif
  }

  /// The operating system's name and version ("Debian GNU/Linux 12 (bookworm)", "macOS 15.1").
  package static var systemName: String? {
    #if canImport(Darwin)
      return sysctlString("kern.osproductversion").map { "macOS \($0)" }
    #else
      guard let release = readText("/etc/os-release") else { return nil }
      return release.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
        .map { trimming($0.dropFirst(12), "\"") }
    #endif
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  #if canImport(Darwin)
    /// A string value of `sysctlbyname`.
    private static func sysctlString(_ name: String) -> String? {
      var size = 0
      guard sysctlbyname(name, nil, &size, nil, 0) == 0, size > 0 else { return nil }
      var buffer = [CChar](repeating: 0, count: size + 1)
      guard sysctlbyname(name, &buffer, &size, nil, 0) == 0 else { return nil }
      return String(cString: buffer)
    }
  #else
    /// `text` without `character` at either end.
    private static func trimming(_ text: Substring, _ character: Character) -> String {
      String(text.drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }

    /// The whole text of a (small) file, read with `open` and `read`.
    private static func readText(_ path: String) -> String? {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(descriptor, &chunk, chunk.count)
        if count < 0 && errno == EINTR { continue }
        guard count >= 0 else { return nil }
        if count == 0 { return String(decoding: bytes, as: UTF8.self) }
        bytes.append(contentsOf: chunk[0..<count])
      }
    }
  #endif
}

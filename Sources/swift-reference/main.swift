print("swift-reference: not built yet")

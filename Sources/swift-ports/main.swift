print("swift-ports: not built yet")

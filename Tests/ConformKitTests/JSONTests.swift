import ConformJSON
import Testing

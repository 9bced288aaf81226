#if canImport(Glibc)
import Glibc
#endif

/// Hands the process to libFuzzer's driver (linked in by `-sanitize=fuzzer`), which calls the
/// harness, the `LLVMFuzzerTestOneInput` the executable defines, once per input.
public func runFuzzer(_ harness: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, harness))
}

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                                 _ harness: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

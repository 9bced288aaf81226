#if os(Linux)
import SwiftShims

/// The Swift runtime's enumeration of the metadata sections of every loaded image (declared in
/// the runtime's `_SwiftRuntime.h`, which the toolchain does not ship; both arguments are
/// pointers, passed alike by the C and Swift calling conventions).
@_silgen_name("swift_enumerateAllMetadataSections")
private func swift_enumerateAllMetadataSections(
    _ body: @convention(c) (_ sections: UnsafePointer<MetadataSections>, _ context: UnsafeMutableRawPointer) -> Bool,
    _ context: UnsafeMutableRawPointer
)
#endif

/// The previews of the running program (`PreviewProvider` types and `#Preview`s), found
/// without a list to keep: the compiler records every protocol conformance in the binary's
/// Swift metadata (`swift5_protocol_conformances`), and the Swift runtime enumerates those
/// sections for each loaded image. A conformance to `StatehouseViews.PreviewProvider` or to
/// `StatehouseViews.PreviewRegistry` (what `#Preview` declares) by a struct, enum or class that
/// is not generic is a preview.
///
/// ```swift
/// for preview in PreviewCatalog.providers() {
///     print(preview.name)        // "MyApp.CounterView_Previews", "MyApp/ContentView.swift:20"
/// }
/// ```
///
/// A type nested in a `private` or `fileprivate` scope (its name has a discriminator the
/// runtime alone knows) or in an extension is not found: declare previews at file scope, as
/// Xcode's templates do.
public enum PreviewCatalog {
    /// A preview: its name (a provider's qualified name, or a `#Preview`'s file and line),
    /// what the index shows, and its type.
    public struct Entry: @unchecked Sendable {
        /// `"MyApp.CounterView_Previews"`, or `"MyApp/ContentView.swift:20"` for a `#Preview`:
        /// the page is at `/_previews/<name>`.
        public let name: String
        /// What the index links it by: the name, and a `#Preview`'s own name after its line.
        public let title: String
        public let type: any PreviewProvider.Type
    }

    /// Every preview provider in the process, sorted by name (on Linux; elsewhere none yet).
    public static func providers() -> [Entry] {
        #if os(Linux)
        var entries: [Entry] = []
        withUnsafeMutablePointer(to: &entries) { context in
            swift_enumerateAllMetadataSections({ sections, context in
                let entries = context.assumingMemoryBound(to: [PreviewCatalog.Entry].self)
                let range = sections.pointee.swift5_protocol_conformances
                guard let start = UnsafeRawPointer(bitPattern: range.start) else { return true }
                for offset in stride(from: 0, to: Int(range.length), by: 4) {
                    // Each record: a relative pointer to a conformance descriptor.
                    guard let conformance = MetadataReader.relative(start + offset),
                          let entry = PreviewCatalog.entry(conformance) else { continue }
                    entries.pointee.append(entry)
                }
                return true
            }, context)
        }
        return entries.sorted { $0.name < $1.name }
        #else
        return []
        #endif
    }

    /// The preview a conformance descriptor describes, if it is a conformance to
    /// `StatehouseViews.PreviewProvider` or `PreviewRegistry` of a non-generic nominal type the
    /// runtime can name.
    ///
    /// A conformance descriptor is: the protocol (a relative, possibly indirect, pointer), the
    /// type (a relative pointer whose kind the flags give), the witness table pattern, flags.
    private static func entry(_ conformance: UnsafeRawPointer) -> Entry? {
        guard let proto = MetadataReader.relative(conformance, indirectable: true),
              let protocolName = MetadataReader.name(of: proto), ["PreviewProvider", "PreviewRegistry"].contains(protocolName),
              let module = MetadataReader.parent(of: proto), MetadataReader.name(of: module) == "StatehouseViews" else { return nil }
        let flags = conformance.load(fromByteOffset: 12, as: UInt32.self)
        let typeReference: UnsafeRawPointer?
        switch (flags >> 3) & 0x7 {
        case 0: typeReference = MetadataReader.relative(conformance + 4)                    // a direct type descriptor
        case 1: typeReference = MetadataReader.relative(conformance + 4).flatMap { $0.load(as: UnsafeRawPointer?.self) }  // indirect
        default: typeReference = nil                                                         // Objective-C classes
        }
        guard let descriptor = typeReference, let mangled = MetadataReader.mangledName(of: descriptor),
              let type = _typeByName(mangled) else { return nil }
        if let provider = type as? any PreviewProvider.Type {
            let name = String(reflecting: provider)
            return Entry(name: name, title: name, type: provider)
        }
        guard let registry = type as? any PreviewRegistry.Type else { return nil }
        let name = "\(registry.fileID):\(registry.line)"
        let given = (try? registry.makePreview())?.displayName
        return Entry(name: name, title: given.map { "\(name) \($0)" } ?? name, type: provider(for: registry))
    }

    private static func provider<Registry: PreviewRegistry>(for registry: Registry.Type) -> any PreviewProvider.Type {
        RegisteredPreview<Registry>.self
    }
}

/// Reads the Swift runtime's context descriptors (the layout in the Swift ABI's
/// `Metadata.h`): each starts with flags (kind in the low 5 bits, 0x80 if generic), a
/// relative pointer to its parent, and, for modules, protocols and nominal types, a relative
/// pointer to its name.
private enum MetadataReader {
    /// The address a 32-bit relative pointer at `address` points to; with `indirectable`, a
    /// set low bit means it points to the address of the target.
    static func relative(_ address: UnsafeRawPointer, indirectable: Bool = false) -> UnsafeRawPointer? {
        let offset = Int(address.load(as: Int32.self))
        guard offset != 0 else { return nil }
        if indirectable, offset & 1 == 1 {
            return (address + (offset & ~1)).load(as: UnsafeRawPointer?.self)
        }
        return address + offset
    }

    static func kind(of descriptor: UnsafeRawPointer) -> UInt32 { descriptor.load(as: UInt32.self) & 0x1F }

    static func isGeneric(_ descriptor: UnsafeRawPointer) -> Bool { descriptor.load(as: UInt32.self) & 0x80 != 0 }

    static func parent(of descriptor: UnsafeRawPointer) -> UnsafeRawPointer? {
        relative(descriptor + 4, indirectable: true)
    }

    /// The name of a module (kind 0), protocol (3) or nominal type (16 class, 17 struct, 18 enum).
    static func name(of descriptor: UnsafeRawPointer) -> String? {
        guard [0, 3, 16, 17, 18].contains(kind(of: descriptor)), let name = relative(descriptor + 8) else { return nil }
        return String(cString: name.assumingMemoryBound(to: CChar.self))
    }

    /// The mangled name `_typeByName` takes for a non-generic nominal type nested only in
    /// other nominal types and a module: `4Demo16Counter_PreviewsV`.
    static func mangledName(of descriptor: UnsafeRawPointer) -> String? {
        var parts: [String] = []
        var current: UnsafeRawPointer? = descriptor
        while let context = current {
            let kind = kind(of: context)
            guard let name = name(of: context), !name.isEmpty, name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            switch kind {
            case 0: return "\(name.utf8.count)\(name)" + parts.reversed().joined()
            case 16, 17, 18:
                guard !isGeneric(context) else { return nil }
                parts.append("\(name.utf8.count)\(name)" + (kind == 16 ? "C" : kind == 17 ? "V" : "O"))
            default: return nil
            }
            current = parent(of: context)
        }
        return nil
    }
}

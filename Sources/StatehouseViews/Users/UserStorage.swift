/// A property wrapper type that reads and writes a value kept for the signed-in user: shared
/// by every page of every session of theirs (another browser, another device), kept across
/// restarts by the durable store; a write updates every view that reads the key, on all of
/// those pages. The scope between `@AppStorage` (one browser's session) and the `App`'s own
/// `@State` (everyone).
///
/// ```swift
/// struct Preferences: View {
///     @UserStorage("digest") private var sendsDigest = true
///     var body: some View { Toggle("Weekly digest", isOn: $sendsDigest) }
/// }
/// ```
///
/// Without a signed-in user the values are the session's own, in memory only, and start
/// from the defaults again at a sign-in (the session is replaced). Keep what the user's
/// pages share here, small and `Codable`, and no secret: the store holds it as it is.
public typealias UserStorage<Value> = KeyedStorageProperty<Value, UserStorageScope>

/// `@UserStorage`'s scope.
public enum UserStorageScope: KeyedStorageScope {
    public static var scope: StorageScope { .user }
}

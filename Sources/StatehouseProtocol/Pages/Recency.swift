/// The sessions from least to most recently used, linked through the sessions themselves: a
/// request moves its session to the recent end, and the cap evicts from the other, each in
/// O(1) whatever the number of sessions (a scan for the oldest made a full server take a
/// millisecond per new session). The store keeps every listed session alive.
@MainActor
struct Recency {
    /// The least recently used session: the next to be evicted.
    private(set) unowned(unsafe) var oldest: Session?
    private unowned(unsafe) var newest: Session?

    /// The least recently used session that is not `kept` (the one a new page is for).
    func oldest(other kept: Session) -> Session? {
        oldest === kept ? kept.moreRecent : oldest
    }

    /// Adds `session` as the most recently used.
    mutating func append(_ session: Session) {
        session.lessRecent = newest
        session.moreRecent = nil
        if let newest { newest.moreRecent = session } else { oldest = session }
        newest = session
    }

    /// Takes `session` out of the list.
    mutating func remove(_ session: Session) {
        if let less = session.lessRecent { less.moreRecent = session.moreRecent } else { oldest = session.moreRecent }
        if let more = session.moreRecent { more.lessRecent = session.lessRecent } else { newest = session.lessRecent }
        session.lessRecent = nil
        session.moreRecent = nil
    }

    /// `session` was just used: it becomes the most recent.
    mutating func touch(_ session: Session) {
        guard newest !== session else { return }
        remove(session)
        append(session)
    }

    /// The sessions from least to most recently used (for tests).
    var inOrder: [Session] {
        var all: [Session] = []
        var next = oldest
        while let session = next {
            all.append(session)
            next = session.moreRecent
        }
        return all
    }
}

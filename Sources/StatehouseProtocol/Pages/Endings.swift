/// Why recently ended pages and sessions ended, remembering the latest `capacity` of them.
struct Endings {
    private var reasons: [Token: String] = [:]
    private var order: [Token] = []
    private var next = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    subscript(id: Token) -> String? { reasons[id] }

    mutating func record(_ id: Token, _ reason: String) {
        if order.count < capacity {
            order.append(id)
        } else {
            reasons[order[next]] = nil
            order[next] = id
            next = (next + 1) % capacity
        }
        reasons[id] = reason
    }
}

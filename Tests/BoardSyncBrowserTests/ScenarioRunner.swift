import BoardSync
import BoardSyncBrowser

/// Runs a scenario through `BrowserSessions`, the byte-level calls the WebAssembly exports make,
/// and checks every answer: against the step's `expect`, and every batch by replaying it on the
/// session's previous view (`BatchReplay`), which must give the view the answer carries.
struct ScenarioRunner {
    private var sessions = BrowserSessions()
    private var handles: [String: Int] = [:]
    private var views: [String: BoardView] = [:]
    /// The `views` form the sessions are opened with (nil: the parameters as the steps give them).
    private let viewForm: String?

    init(views: String? = nil) {
        viewForm = views
    }

    /// Every problem found, one line each; empty when the scenario passes.
    mutating func run(_ file: ScenarioFile) throws -> [String] {
        var problems: [String] = []
        for (index, step) in file.steps.enumerated() {
            let label = "\(file.name) step \(index + 1)"
            let answer = try answer(to: step, label: label)
            problems += checkBatch(in: answer, session: try sessionName(step, label), label: label)
            if let expected = step["expect"], let problem = ScenarioMatch.mismatch(expected, answer, at: label) {
                problems.append(problem)
            }
        }
        return problems
    }

    func sessionName(_ step: JSONObject, _ label: String) throws -> String {
        guard case .string(let name)? = step["session"] else { throw ScenarioError("\(label): no session name") }
        return name
    }

    /// Carries out one step and parses its answer.
    mutating func answer(to step: JSONObject, label: String) throws -> JSONValue {
        let name = try sessionName(step, label)
        let bytes: [UInt8]
        if var parameters = step["open"] {
            if let viewForm, case .object(var object) = parameters {
                object.members.append(.init(key: "views", value: .string(viewForm)))
                parameters = .object(object)
            }
            bytes = sessions.open(Self.text(of: parameters))
        } else if let intent = step["intent"] {
            bytes = sessions.perform(session: try handle(name, label), Self.text(of: intent))
        } else if let message = step["receive"] {
            bytes = sessions.receive(session: try handle(name, label), Self.text(of: message))
        } else if step["saved"] != nil {
            bytes = sessions.saved(session: try handle(name, label))
        } else if step["close"] != nil {
            let closed = sessions.close(session: try handle(name, label))
            bytes = JSONValue.object(JSONObject([.init(key: "closed", value: .bool(closed))])).encoded
        } else {
            throw ScenarioError("\(label): no open, intent, receive, saved or close")
        }
        let answer = try JSONValue.parse(bytes)
        if step["open"] != nil, case .object(let object) = answer, case .integer(let handle)? = object["session"] {
            handles[name] = Int(handle)
        }
        return answer
    }

    private func handle(_ name: String, _ label: String) throws -> Int {
        guard let handle = handles[name] else { throw ScenarioError("\(label): session \(name) is not open") }
        return handle
    }

    /// A string is sent as it is (to test text that is not JSON); anything else as compact JSON.
    private static func text(of value: JSONValue) -> [UInt8] {
        if case .string(let text) = value { return Array(text.utf8) }
        return value.encoded
    }

    /// Replays the answer's batch on the session's previous view; remembers the new view.
    private mutating func checkBatch(in answer: JSONValue, session: String, label: String) -> [String] {
        guard case .object(let object) = answer, let viewJSON = object["view"] else { return [] }
        guard let view = try? ViewJSON.view(viewJSON) else { return ["\(label): view does not decode"] }
        defer { views[session] = view }
        guard let batchJSON = object["batch"], batchJSON != .null else { return [] }
        guard let batch = try? ViewJSON.batch(batchJSON) else { return ["\(label): batch does not decode"] }
        do {
            let replayed = try BatchReplay.apply(batch, to: views[session] ?? BoardView(), contentFrom: view)
            return replayed == view ? [] : ["\(label): the batch does not turn the previous view into the new one"]
        } catch {
            return ["\(label): the batch does not replay: \(error)"]
        }
    }
}

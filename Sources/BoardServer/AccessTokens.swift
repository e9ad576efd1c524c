import BoardSync
import Foundation

/// The grants of a tokens file: which secret opens which boards, with which role.
///
/// The file is `{"tokens": [{"token": "…", "role": "editor", "boards": ["team-*", "demo"]}]}`;
/// an entry may add `"user": "Ada"` to bind the name its connections have.
public struct AccessTokens: Hashable, Sendable {
    public let grants: [TokenGrant]

    public init(grants: [TokenGrant]) {
        self.grants = grants
    }

    /// Reads and parses a tokens file.
    public static func load(path: String) throws(TokensFileError) -> AccessTokens {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        return try parse(data, path: path)
    }

    /// Parses the JSON of a tokens file; `path` only names the file in errors.
    public static func parse(_ data: Data, path: String) throws(TokensFileError) -> AccessTokens {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .invalidJSON(path: path)
        }
        guard let object = root as? [String: Any], let entries = object["tokens"] as? [Any] else {
            throw .missingTokenList(path: path)
        }
        var grants: [TokenGrant] = []
        for (offset, entry) in entries.enumerated() {
            let grant: TokenGrant
            do {
                grant = try parseEntry(entry)
            } catch {
                throw .badEntry(path: path, index: offset + 1, problem: error)
            }
            guard !grants.contains(where: { $0.secret == grant.secret }) else {
                throw .badEntry(path: path, index: offset + 1, problem: .duplicateToken)
            }
            grants.append(grant)
        }
        return AccessTokens(grants: grants)
    }

    private static func parseEntry(_ entry: Any) throws(TokensFileError.Problem) -> TokenGrant {
        guard let fields = entry as? [String: Any] else { throw .notAnObject }
        guard let secret = fields["token"] as? String else { throw .missingField("token") }
        guard !secret.isEmpty else { throw .emptyToken }
        guard TokenGrant.isValidSecret(secret) else { throw .badTokenCharacters }
        guard let roleName = fields["role"] as? String else { throw .missingField("role") }
        guard let role = Role(rawValue: roleName) else { throw .unknownRole(roleName) }
        guard let patternTexts = fields["boards"] as? [Any] else { throw .missingField("boards") }
        guard !patternTexts.isEmpty else { throw .noBoards }
        var patterns: [BoardPattern] = []
        for text in patternTexts {
            guard let text = text as? String else { throw .badPattern(String(describing: text)) }
            guard let pattern = BoardPattern(text) else { throw .badPattern(text) }
            patterns.append(pattern)
        }
        var user: String?
        if let value = fields["user"] {
            guard let name = value as? String, Validation.checkText(name, limit: Validation.userLimit) == nil else {
                throw .badUser
            }
            user = name
        }
        return TokenGrant(secret: secret, role: role, boards: patterns, user: user)
    }

    /// The grant whose secret equals `token`. Every grant is compared, in constant time per
    /// grant, so the answer's timing does not reveal which secret was close.
    public func grant(for token: String) -> TokenGrant? {
        let presented = Array(token.utf8)
        var found: TokenGrant?
        for grant in grants {
            let matches = TokensConstantTime.equals(grant.secret, presented)
            found = matches ? grant : found
        }
        return found
    }
}

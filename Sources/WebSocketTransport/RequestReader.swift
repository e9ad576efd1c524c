import CWebSockets
import ServerTransport

/// Reads request details from a connection's headers (valid until the upgrade completes).
enum RequestReader {
    static func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = Int(lws_hdr_total_length(wsi, token))
        guard length > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: length + 1)
        let copied = lws_hdr_copy(wsi, &buffer, Int32(buffer.count), token)
        guard copied >= 0 else { return nil }
        return String(decoding: buffer.prefix(Int(copied)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func method(_ wsi: OpaquePointer) -> (method: String, uri: String)? {
        let candidates: [(lws_token_indexes, String)] = [
            (WSI_TOKEN_GET_URI, "GET"), (WSI_TOKEN_HEAD_URI, "HEAD"), (WSI_TOKEN_POST_URI, "POST"),
            (WSI_TOKEN_PUT_URI, "PUT"), (WSI_TOKEN_DELETE_URI, "DELETE"), (WSI_TOKEN_PATCH_URI, "PATCH"),
            (WSI_TOKEN_OPTIONS_URI, "OPTIONS"),
        ]
        for (token, name) in candidates {
            if let uri = header(wsi, token) { return (name, uri) }
        }
        return nil
    }

    static func query(_ wsi: OpaquePointer) -> [String: String] {
        var result: [String: String] = [:]
        var buffer = [CChar](repeating: 0, count: 1024)
        var index: Int32 = 0
        while true {
            let length = lws_hdr_copy_fragment(wsi, &buffer, Int32(buffer.count), WSI_TOKEN_HTTP_URI_ARGS, index)
            guard length >= 0 else { break }
            let fragment = String(
                decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let equals = fragment.firstIndex(of: "=") {
                result[String(fragment[..<equals])] = String(fragment[fragment.index(after: equals)...])
            } else if !fragment.isEmpty {
                result[fragment] = ""
            }
            index += 1
        }
        return result
    }

    static func peerAddress(_ wsi: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard lws_get_peer_simple(wsi, &buffer, buffer.count) != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func subprotocols(_ headerValue: String?) -> [String] {
        guard let headerValue else { return [] }
        return headerValue.split(separator: ",").map { $0.filter { $0 != " " && $0 != "\t" } }
            .filter { !$0.isEmpty }
    }

    static func request(_ wsi: OpaquePointer) -> HTTPRequestInfo {
        let (method, uri) = method(wsi) ?? ("GET", "/")
        let path =
            uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "/"
        return HTTPRequestInfo(
            method: method, path: path, query: query(wsi),
            authorization: header(wsi, WSI_TOKEN_HTTP_AUTHORIZATION), origin: header(wsi, WSI_TOKEN_ORIGIN),
            offeredSubprotocols: subprotocols(header(wsi, WSI_TOKEN_PROTOCOL)), peerAddress: peerAddress(wsi),
            ifNoneMatch: header(wsi, WSI_TOKEN_HTTP_IF_NONE_MATCH), host: header(wsi, WSI_TOKEN_HOST),
            contentType: header(wsi, WSI_TOKEN_HTTP_CONTENT_TYPE))
    }
}

import Foundation
import Testing

/// Runs `board-client` with arguments to completion and returns its status and output.
struct ClientRun {
    var status: Int32
    var stdout: String
    var stderr: String

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ClientRun {
        let process = Process()
        let binary: URL = try #require(Products.url(of: "board-client"), "board-client is not built")
        process.executableURL = binary
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        process.environment = merged
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outCollector = OutputCollector(descriptor: out.fileHandleForReading.fileDescriptor)
        let errCollector = OutputCollector(descriptor: err.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        outCollector.wait { _, ended in ended }
        errCollector.wait { _, ended in ended }
        return ClientRun(status: process.terminationStatus, stdout: outCollector.text, stderr: errCollector.text)
    }
}

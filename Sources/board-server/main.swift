import BoardServer
import Foundation

// A storage failure while serving ends the process at once: nothing more may be acknowledged.
let status = BoardServerApp.main(arguments: Array(CommandLine.arguments.dropFirst())) { status in
    exit(status)
}
exit(status)

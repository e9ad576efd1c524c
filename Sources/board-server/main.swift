import BoardServer
import Foundation

exit(BoardServerApp.main(arguments: Array(CommandLine.arguments.dropFirst())))

/// Reads comma-separated values as RFC 4180 defines them: fields separated by commas, records by
/// CRLF (or a lone LF or CR), a field in double quotes may hold commas, line breaks and quotes
/// written twice. A quote inside an unquoted field is taken as it is; text after a closing quote
/// or a quoted field never closed is an error. Empty lines are skipped.
enum CSVReader {
    /// One record and the line of the file it starts on (from 1).
    struct Record: Hashable {
        var line: Int
        var fields: [String]
    }

    static func records(_ text: String) throws(ImportError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var quoted = false
        var quoteLine = 0
        var afterQuote = false
        var previousCR = false

        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            afterQuote = false
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: recordLine, fields: fields)) }
            fields = []
        }

        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            let isCR = scalar == "\r"
            defer { previousCR = isCR }
            if scalar == "\n" || isCR {
                if !(scalar == "\n" && previousCR) { line += 1 }
            }
            if quoted {
                if scalar == "\"" {
                    if next == "\"" {
                        field.append("\"")
                        next = scalars.next()
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else {
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                endField()
            case "\r", "\n":
                if scalar == "\n" && previousCR { continue }
                endRecord()
                recordLine = line
            case "\"" where field.isEmpty && !afterQuote:
                quoted = true
                quoteLine = line
            default:
                if afterQuote {
                    throw .badCSV(line: line, problem: "text after the closing quote of a field")
                }
                field.append(scalar)
            }
        }
        if quoted { throw .badCSV(line: quoteLine, problem: "a quoted field that starts here is never closed") }
        if !field.isEmpty || !fields.isEmpty || afterQuote { endRecord() }
        return records
    }
}

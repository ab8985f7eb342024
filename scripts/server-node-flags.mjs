// How Node runs the server, wherever it is started (npm start, the browser
// tests, the benches; docs/deploy.md gives the same line for production).
//  - Source maps, so a stack trace in the log names the source file and line.
//  - A young generation of 2 MB a half instead of V8's 16: the server's
//    allocations are short-lived (a request, a CSV chunk), so a smaller nursery
//    is scavenged more often at little cost and keeps about 40 MB less
//    resident (docs/performance.md, CSV: peak RSS over six downloads).
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=2'];

// How Node runs the server, wherever it is started (npm start, the browser
// tests, the benches; docs/deploy.md gives the same line for production).
//  - Source maps, so a stack trace in the log names the source file and line.
//  - A young generation of 2 MB a half instead of V8's 16: the server's
//    allocations are short-lived (a request, a CSV chunk), so a smaller nursery
//    is scavenged more often at little cost and keeps about 40 MB less
//    resident (docs/performance.md, CSV: peak RSS over six downloads).
//  - A larger budget before V8 moves a hot WebAssembly function (PGlite's) to
//    its optimizing compiler: with the default, the baseline code stops to ask
//    so often while PostgreSQL starts that PGlite opens in 0.57-0.58 s instead
//    of 0.47-0.49 s; hot functions are still optimized, a little later. No
//    effect without PGlite (docs/performance.md, Start).
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=2', '--wasm-tiering-budget=20000000'];

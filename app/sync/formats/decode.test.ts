import { describe, expect, test } from 'vitest'
import { UnreadableSnapshot } from '#app/sync/types.ts'
import { readCsv } from '#app/sync/formats/csv.ts'
import { decodeText, isBlankFile } from '#app/sync/formats/decode.ts'

describe('decodeText', () => {
  test('UTF-8 with or without a BOM; UTF-16 by its BOM; otherwise Windows-1252', () => {
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x52, 0xc3, 0xa9]))).toEqual({ text: 'Ré', encoding: 'utf-8' })
    expect(decodeText(new TextEncoder().encode('Löwchen’s'))).toEqual({ text: 'Löwchen’s', encoding: 'utf-8' })
    expect(decodeText(Uint8Array.from([0xff, 0xfe, 0x52, 0x00, 0xe9, 0x00]))).toEqual({ text: 'Ré', encoding: 'utf-16le' })
    expect(decodeText(Uint8Array.from([0x52, 0xe9, 0x92, 0x73, 0x80]))).toEqual({ text: 'Ré’s€', encoding: 'windows-1252' })
  })

  test('images, archives and other binary files are refused with what they look like', () => {
    expect(() => decodeText(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toThrow(/JPEG image/)
    expect(() => decodeText(Uint8Array.from([0x50, 0x4b, 0x03, 0x04]))).toThrow(/Excel workbook/)
    expect(() => decodeText(Uint8Array.from([0x41, 0x00, 0x42]))).toThrow(UnreadableSnapshot)
  })

  test('blank files: nothing, whitespace, a BOM alone', () => {
    expect([[], [0x0a, 0x0d, 0x20], [0xef, 0xbb, 0xbf], [0x41]].map((bytes) => isBlankFile(Uint8Array.from(bytes)))).toEqual([
      true,
      true,
      true,
      false,
    ])
  })
})

describe('readCsv', () => {
  test('line numbers count from 1, past blank lines and values with line breaks', () => {
    const { rows, errors } = readCsv('a,b\n\n"1","x\ny"\r\n2,z\n')
    expect(errors).toEqual([])
    expect(rows).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', 'x\ny'] },
      { line: 5, fields: ['2', 'z'] },
    ])
  })

  test('quotes that were not doubled are read as the writer meant, when the row still splits right', () => {
    const { rows, errors } = readCsv('"1","Rex "the dog" Smith"\n2,stray"quote\n"3","He said "hi", then left"')
    expect(errors).toEqual([])
    expect(rows.map((row) => row.fields)).toEqual([
      ['1', 'Rex "the dog" Smith'],
      ['2', 'stray"quote'],
      // The comma after the stray quote splits the value: the readers' column count catches it.
      ['3', 'He said "hi', 'then left"'],
    ])
  })

  test('in a file with spaces after its separators, a broken row is an error naming its line and id; reading goes on after it', () => {
    const { rows, errors } = readCsv('"1", "ok"\n"2", "bro"ken"\n"3", "ok"')
    expect(rows.map((row) => row.fields)).toEqual([
      ['1', 'ok'],
      ['3', 'ok'],
    ])
    expect(errors).toEqual([{ line: 2, externalId: '2', reason: expect.stringContaining('quote'), fields: ['2', 'broken'] }])
  })

  test('a quote left open at the end of the file is a cut-off file, refused as a whole', () => {
    expect(() => readCsv('"1","ok"\n"2","cut of')).toThrow(/cut off/)
  })
})

test('readCsv: a quoted value with a comma after ", " stays one value', () => {
  expect(readCsv('A1, "Rex, the dog", Available').rows[0]!.fields).toEqual(['A1', 'Rex, the dog', 'Available'])
})

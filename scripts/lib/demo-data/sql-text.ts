// Writing values from our own data modules into generated SQL. Nothing here ever sees user
// input: the seed is generated from constants in this folder.

export function sqlText(value: string | null | undefined): string {
  return value == null ? 'null' : `'${value.replaceAll("'", "''")}'`
}

/** Parenthesised, so a subscript can follow: `(array['a', 'b'])[2]`. */
export function sqlTextArray(values: readonly string[]): string {
  return values.length ? `(array[${values.map(sqlText).join(', ')}])` : `('{}'::text[])`
}

export function sqlIntArray(values: readonly number[]): string {
  return `array[${values.map((value) => String(Math.trunc(value))).join(',')}]`
}

/** `replace(replace(expr, '{a}', a), '{b}', b)…`: fills the placeholders of a template. */
export function fillPlaceholders(expression: string, values: Record<string, string>): string {
  return Object.entries(values).reduce(
    (filled, [placeholder, value]) => `replace(${filled}, ${sqlText(`{${placeholder}}`)}, ${value})`,
    expression,
  )
}

/** Splits `total` slots among weights (largest remainder), so a weighted pick is one array lookup. */
export function weightedSlots(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  const exact = weights.map((weight) => (weight / sum) * total)
  const counts = exact.map(Math.floor)
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest)
  for (let i = 0; counts.reduce((a, b) => a + b, 0) < total; i++) counts[order[i % order.length]!.index]! += 1
  return counts.flatMap((count, index) => Array<number>(count).fill(index))
}

// Names as a sentence gives them: a bonded group's card ('Buddy & Max'), its page ('Buddy, Max
// and Daisy'), an alert email. No server-only imports: the worker's emails use it too.

/** 'Buddy'; 'Buddy and Max'; 'Buddy, Max and Daisy' (or with '&'). */
export function joinNames(names: string[], and = 'and'): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${and} ${names[names.length - 1]}`
}

// conform helpers the forms that use conform share; kept apart from forms.tsx, which pages
// without conform (the footer's newsletter) import too, so conform stays off those pages.
import { getInputProps } from '@conform-to/react'

/**
 * conform's props for an input, disabled while its form is sent, without the `pattern` conform
 * derives from the schema: the browser's "match the requested format" bubble would only repeat
 * the schema's own message in vaguer words.
 */
export function fieldInputProps<Field extends Parameters<typeof getInputProps>[0]>(
  field: Field,
  type: Parameters<typeof getInputProps>[1]['type'],
  disabled: boolean,
  extra: React.InputHTMLAttributes<HTMLInputElement> = {},
): React.InputHTMLAttributes<HTMLInputElement> {
  return { ...getInputProps(field, { type } as Parameters<typeof getInputProps>[1]), ...extra, pattern: undefined, disabled }
}

import { useId } from 'react'
import { cn } from '#app/utils/misc.ts'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

/** Field or form errors, announced to screen readers. */
export function ErrorList({ id, errors, className }: { id?: string; errors?: ListOfErrors; className?: string }) {
  const messages = errors?.filter(Boolean)
  if (!messages?.length) return null
  return (
    <ul id={id} className={cn('flex flex-col gap-1', className)}>
      {messages.map((message) => (
        <li key={message} className="text-sm text-red-600">
          {message}
        </li>
      ))}
    </ul>
  )
}

/** The red box above a form for errors that belong to no single field. */
export function FormErrorBox({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const messages = errors?.filter(Boolean)
  if (!messages?.length) return null
  return (
    <div id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  )
}

export const inputClass =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm placeholder:text-gray-400 ' +
  'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 disabled:cursor-not-allowed disabled:bg-gray-100 ' +
  'aria-[invalid=true]:border-red-500'

type LabelProps = React.LabelHTMLAttributes<HTMLLabelElement> & { children: React.ReactNode }

/** A labelled input with its errors under it, wired with aria-invalid / aria-describedby. */
export function Field({
  labelProps,
  inputProps,
  errors,
  hint,
  className,
}: {
  labelProps: LabelProps
  inputProps: React.InputHTMLAttributes<HTMLInputElement>
  errors?: ListOfErrors
  hint?: React.ReactNode
  className?: string
}) {
  const fallbackId = useId()
  const id = inputProps.id ?? fallbackId
  const errorId = errors?.length ? `${id}-error` : undefined
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-gray-800" {...labelProps} />
      <input
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        className={inputClass}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function TextareaField({
  labelProps,
  textareaProps,
  errors,
  className,
}: {
  labelProps: LabelProps
  textareaProps: React.TextareaHTMLAttributes<HTMLTextAreaElement>
  errors?: ListOfErrors
  className?: string
}) {
  const fallbackId = useId()
  const id = textareaProps.id ?? fallbackId
  const errorId = errors?.length ? `${id}-error` : undefined
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-gray-800" {...labelProps} />
      <textarea id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} className={inputClass} {...textareaProps} />
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function SelectField({
  labelProps,
  selectProps,
  options,
  errors,
  hint,
  className,
}: {
  labelProps: LabelProps
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement>
  options: ReadonlyArray<{ value: string; label: string }>
  errors?: ListOfErrors
  hint?: React.ReactNode
  className?: string
}) {
  const fallbackId = useId()
  const id = selectProps.id ?? fallbackId
  const errorId = errors?.length ? `${id}-error` : undefined
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-gray-800" {...labelProps} />
      <select
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        className={inputClass}
        {...selectProps}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/** A honeypot: a field people never see or fill, so a value in it marks a bot. */
export function HoneypotField({ name = 'website_url' }: { name?: string }) {
  return (
    <div aria-hidden="true" className="absolute left-[-10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`hp-${name}`}>Leave this field empty</label>
      <input id={`hp-${name}`} type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}

export function SubmitButton({
  pending,
  pendingText,
  children,
  className,
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { pending?: boolean; pendingText?: string }) {
  return (
    <button
      type="submit"
      disabled={pending || props.disabled}
      className={cn(
        'inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70',
        className,
      )}
      {...props}
    >
      {pending && pendingText ? pendingText : children}
    </button>
  )
}

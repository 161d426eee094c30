// A shelter's own application questions (public.shelter_questions) and the answers an adopter
// gives on the Apply page: the kinds and their labels, the rules of the question form and of each
// answer (the database holds the same rules: supabase/schemas/12-applications.sql), and how an
// application's snapshot carries what was asked and answered.
import { z } from 'zod'
import { Constants, type Enums } from '#app/types/database.ts'

export const QUESTION_KINDS = Constants.public.Enums.application_question_kind
export type QuestionKind = Enums<'application_question_kind'>

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  yes_no: 'Yes or no',
  one_of: 'One of several',
  several_of: 'Several of several',
}

export const MAX_QUESTIONS = 15
export const PROMPT_MAX = 200
export const MAX_OPTIONS = 20
export const OPTION_MAX = 100
export const ANSWER_MAX: Record<'short_text' | 'long_text', number> = { short_text: 200, long_text: 2000 }

const CHOICE_KINDS: readonly QuestionKind[] = ['one_of', 'several_of']
export const hasChoices = (kind: QuestionKind) => CHOICE_KINDS.includes(kind)

/** A question as the Apply page and Settings show it. */
export type ShelterQuestion = { id: string; kind: QuestionKind; prompt: string; options: string[]; required: boolean }

/** The question form: choices are typed one a line. */
export const questionFormSchema = z
  .object({
    prompt: z
      .string({ required_error: 'Write the question' })
      .trim()
      .min(1, 'Write the question')
      .max(PROMPT_MAX, `Keep the question to ${PROMPT_MAX} characters`),
    kind: z.enum(QUESTION_KINDS, { errorMap: () => ({ message: 'Choose how adopters answer' }) }),
    options: z
      .string()
      .max(MAX_OPTIONS * (OPTION_MAX + 2), `Offer at most ${MAX_OPTIONS} choices of ${OPTION_MAX} characters each`)
      .optional()
      .default(''),
    required: z.string().optional(),
  })
  .transform((value, ctx) => {
    const options = hasChoices(value.kind)
      ? value.options
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
      : []
    const fail = (message: string) => {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['options'], message })
      return z.NEVER
    }
    if (hasChoices(value.kind)) {
      if (options.length < 2) return fail('Write at least 2 choices, one a line')
      if (options.length > MAX_OPTIONS) return fail(`Offer at most ${MAX_OPTIONS} choices`)
      if (options.some((option) => option.length > OPTION_MAX)) return fail(`Keep each choice to ${OPTION_MAX} characters`)
      if (new Set(options).size !== options.length) return fail('Each choice must be different')
    }
    return { prompt: value.prompt, kind: value.kind, options, required: value.required === 'on' }
  })
export type QuestionInput = z.output<typeof questionFormSchema>

/** The form field an answer is typed in. */
export const answerField = (question: Pick<ShelterQuestion, 'id'>) => `question-${question.id}`

/** What the adopter typed or picked, as the form keeps it between tries. */
export type TypedAnswers = Record<string, string | string[]>

/**
 * Reads and checks the answers to a shelter's questions from the Apply form: the values the
 * database function takes (by question id), what was typed (to show again) and an error per
 * question that needs one.
 */
export function readAnswers(form: FormData, questions: ShelterQuestion[]) {
  const typed: TypedAnswers = {}
  const answers: Record<string, string | string[]> = {}
  const errors: Record<string, string> = {}
  for (const question of questions) {
    const values = form.getAll(answerField(question)).map((value) => (typeof value === 'string' ? value : ''))
    if (question.kind === 'several_of') {
      typed[question.id] = values
      const picked = values.filter(Boolean)
      if (picked.some((value) => !question.options.includes(value))) errors[question.id] = 'Choose among the answers offered'
      else if (picked.length) answers[question.id] = question.options.filter((option) => picked.includes(option))
      else if (question.required) errors[question.id] = 'Choose at least one answer'
      continue
    }
    const value = (values[0] ?? '').trim()
    typed[question.id] = (values[0] ?? '').slice(0, 10_000)
    if (question.kind === 'short_text' || question.kind === 'long_text') {
      const max = ANSWER_MAX[question.kind]
      if (value.length > max) errors[question.id] = `Keep your answer to ${max.toLocaleString('en-US')} characters`
      else if (value) answers[question.id] = value
      else if (question.required) errors[question.id] = 'Answer this question'
      continue
    }
    const allowed = question.kind === 'yes_no' ? ['yes', 'no'] : question.options
    if (value && !allowed.includes(value)) errors[question.id] = 'Choose one of the answers offered'
    else if (value) answers[question.id] = value
    else if (question.required) errors[question.id] = 'Choose an answer'
  }
  return { typed, answers, errors }
}

/** A question as asked and its answer, as an application's snapshot keeps it. */
export type SentAnswer = ShelterQuestion & { answer: string | string[] | null }

/** The shelter's questions and their answers in a snapshot (none for older applications). */
export function sentAnswers(snapshot: unknown): SentAnswer[] {
  const list = (snapshot as { shelter_questions?: unknown } | null)?.shelter_questions
  return Array.isArray(list) ? (list as SentAnswer[]) : []
}

/** An answer as a reader reads it. */
export function answerText(sent: SentAnswer): string {
  if (sent.answer === null || (Array.isArray(sent.answer) && sent.answer.length === 0)) return 'Not answered'
  if (Array.isArray(sent.answer)) return sent.answer.join(', ')
  if (sent.kind === 'yes_no') return sent.answer === 'yes' ? 'Yes' : 'No'
  return sent.answer
}

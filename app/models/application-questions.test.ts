import { describe, expect, it } from 'vitest'
import { answerText, questionFormSchema, readAnswers, sentAnswers, type ShelterQuestion } from '#app/models/application-questions.ts'

const QUESTIONS: ShelterQuestion[] = [
  { id: 'a', kind: 'yes_no', prompt: 'Can you afford surgery?', options: [], required: true },
  { id: 'b', kind: 'one_of', prompt: 'Where will she sleep?', options: ['Inside', 'Garage'], required: true },
  { id: 'c', kind: 'several_of', prompt: 'Who walks her?', options: ['Me', 'Partner', 'Walker'], required: false },
  { id: 'd', kind: 'short_text', prompt: 'Vet’s name', options: [], required: false },
  { id: 'e', kind: 'long_text', prompt: 'Tell us more', options: [], required: true },
]

function form(entries: [string, string][]) {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

describe('readAnswers', () => {
  it('keeps what was typed and says what each blank required question needs', () => {
    const { typed, answers, errors } = readAnswers(
      form([
        ['question-b', 'Inside'],
        ['question-d', '  Dr. Lee '],
      ]),
      QUESTIONS,
    )
    expect(errors).toEqual({ a: 'Choose an answer', e: 'Answer this question' })
    expect(answers).toEqual({ b: 'Inside', d: 'Dr. Lee' })
    expect(typed).toEqual({ a: '', b: 'Inside', c: [], d: '  Dr. Lee ', e: '' })
  })

  it('refuses a value not offered and an answer past its length', () => {
    const { errors } = readAnswers(
      form([
        ['question-a', 'maybe'],
        ['question-b', 'Basement'],
        ['question-c', 'Me'],
        ['question-c', 'Robot'],
        ['question-d', 'x'.repeat(201)],
        ['question-e', 'x'.repeat(10_000)],
      ]),
      QUESTIONS,
    )
    expect(errors).toEqual({
      a: 'Choose one of the answers offered',
      b: 'Choose one of the answers offered',
      c: 'Choose among the answers offered',
      d: 'Keep your answer to 200 characters',
      e: 'Keep your answer to 2,000 characters',
    })
  })

  it('gives several choices in the question’s order', () => {
    const { answers, errors } = readAnswers(
      form([
        ['question-a', 'no'],
        ['question-b', 'Garage'],
        ['question-c', 'Walker'],
        ['question-c', 'Me'],
        ['question-e', 'We hike'],
      ]),
      QUESTIONS,
    )
    expect(errors).toEqual({})
    expect(answers).toEqual({ a: 'no', b: 'Garage', c: ['Me', 'Walker'], e: 'We hike' })
  })
})

describe('questionFormSchema', () => {
  it('reads choices one a line, for the choice kinds only', () => {
    expect(questionFormSchema.parse({ prompt: ' Why? ', kind: 'several_of', options: 'A\r\n\n B \nC', required: 'on' })).toEqual({
      prompt: 'Why?',
      kind: 'several_of',
      options: ['A', 'B', 'C'],
      required: true,
    })
    expect(questionFormSchema.parse({ prompt: 'Why?', kind: 'long_text', options: 'A\nB' })).toEqual({
      prompt: 'Why?',
      kind: 'long_text',
      options: [],
      required: false,
    })
  })

  it('refuses too few, too many, repeated or long choices, an unknown kind and a long question', () => {
    const message = (input: Record<string, string>) => questionFormSchema.safeParse(input).error?.issues[0]?.message
    expect(message({ prompt: 'Q', kind: 'one_of', options: 'Only' })).toBe('Write at least 2 choices, one a line')
    expect(message({ prompt: 'Q', kind: 'one_of', options: Array.from({ length: 21 }, (_, i) => i).join('\n') })).toBe(
      'Offer at most 20 choices',
    )
    expect(message({ prompt: 'Q', kind: 'one_of', options: Array.from({ length: 500 }, (_, i) => `Choice ${i}`).join('\n') })).toBe(
      'Offer at most 20 choices of 100 characters each',
    )
    expect(message({ prompt: 'Q', kind: 'one_of', options: 'A\nA' })).toBe('Each choice must be different')
    expect(message({ prompt: 'Q', kind: 'one_of', options: `A\n${'x'.repeat(101)}` })).toBe('Keep each choice to 100 characters')
    expect(message({ prompt: 'Q', kind: 'essay' })).toBe('Choose how adopters answer')
    expect(message({ prompt: 'x'.repeat(201), kind: 'short_text' })).toBe('Keep the question to 200 characters')
    expect(message({ prompt: '  ', kind: 'short_text' })).toBe('Write the question')
  })
})

describe('sentAnswers and answerText', () => {
  it('read a snapshot’s answers as sent, and none from an older application', () => {
    expect(sentAnswers({ full_name: 'Ana' })).toEqual([])
    expect(sentAnswers(null)).toEqual([])
    const sent = sentAnswers({
      shelter_questions: [
        { ...QUESTIONS[0], answer: 'yes' },
        { ...QUESTIONS[2], answer: ['Me', 'Walker'] },
        { ...QUESTIONS[3], answer: null },
      ],
    })
    expect(sent.map(answerText)).toEqual(['Yes', 'Me, Walker', 'Not answered'])
  })
})

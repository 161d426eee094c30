// The HTML checker the browser tests run over the key pages: html-validate, offline, held to
// what the Nu HTML Checker (validator.w3.org/nu) reports as errors: content models, required
// and permitted attributes and their values, duplicate ids, misplaced or unknown elements.
// Style and accessibility opinions are not part of it (axe covers accessibility). See
// docs/decisions/059-html-validity-with-html-validate.md.
import { HtmlValidate, Rule, type ConfigData, type DOMReadyEvent, type Message, type Plugin, type RuleDocumentation } from 'html-validate'

/**
 * A <div> that groups a <dl>'s terms holds only <dt> and <dd> (and script-supporting elements):
 * the HTML standard's content model, which the Nu checker applies and html-validate's element
 * table does not (its <div> takes any flow content wherever it stands).
 */
class DescriptionListGroupContent extends Rule {
  documentation(): RuleDocumentation {
    return {
      description: 'A <div> child of <dl> may contain only <dt>, <dd>, <script> and <template> elements (HTML standard, the dl element).',
    }
  }

  setup() {
    this.on('dom:ready', (event: DOMReadyEvent) => {
      for (const group of event.document.querySelectorAll('dl > div')) {
        for (const child of group.childElements) {
          if (['dt', 'dd', 'script', 'template'].includes(child.tagName)) continue
          this.report(child, `<${child.tagName}> is not permitted in a <dl>'s <div> group: only <dt> and <dd>`)
        }
      }
    })
  }
}

const nuCheckerRules: Plugin = { name: 'pawhaven-nu', rules: { 'pawhaven-nu/dl-group-content': DescriptionListGroupContent } }

export const HTML_VALIDITY_CONFIG: ConfigData = {
  plugins: [nuCheckerRules],
  // The rules the HTML standard itself sets, as the Nu checker applies them, and the one it
  // applies that html-validate lacks.
  extends: ['html-validate:standard'],
  rules: { 'pawhaven-nu/dl-group-content': 'error' },
}

const validator = new HtmlValidate(HTML_VALIDITY_CONFIG)

/** Each error in `html` as one readable line: 'rule (line:column) message [selector]'. */
export async function htmlErrors(html: string, source = 'page'): Promise<string[]> {
  const report = await validator.validateString(html, source)
  return report.results.flatMap((result) =>
    result.messages
      .filter((message: Message) => message.severity === 2)
      .map((message: Message) => `${message.ruleId} (${message.line}:${message.column}) ${message.message} [${message.selector ?? ''}]`),
  )
}

import { useFormAction, useNavigation } from '@remix-run/react'

/**
 * True while this route's form is being posted (and while the redirect it answered with
 * loads), so inputs can be disabled and the button can say what is happening. With
 * `formIntent`, only while the form whose `intent` field has that value is (a page of forms).
 */
export function useIsSubmitting({ formIntent }: { formIntent?: string } = {}): boolean {
  const navigation = useNavigation()
  const formAction = useFormAction()
  return (
    navigation.state !== 'idle' &&
    navigation.formMethod?.toUpperCase() === 'POST' &&
    stripSearch(navigation.formAction) === stripSearch(formAction) &&
    (formIntent === undefined || navigation.formData?.get('intent') === formIntent)
  )
}

// The form's action may carry ?redirectTo=… or ?index; the path alone identifies the route.
function stripSearch(path: string | undefined) {
  return path?.split('?')[0]
}

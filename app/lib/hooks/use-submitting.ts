import { useNavigation } from "react-router";

/** True while this page is posting (the given intent, when named): its buttons show 'Loading...'. */
export function useSubmitting(intent?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}

/**
 * The state a request form page (/samples, /estimate) derives from its action's answer: whether
 * it is being sent, the success (whose heading takes the focus), or the refusal with its field
 * errors and what was typed.
 */
import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import type { RequestFormFailure } from "../components/requests/form-parts";

export function useRequestForm<T extends { ok: true } | RequestFormFailure>(
  actionData: T | undefined,
  action: string,
) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  const sent = actionData?.ok === true ? (actionData as Extract<T, { ok: true }>) : null;
  const failure = actionData && actionData.ok === false ? (actionData as RequestFormFailure) : null;
  const successRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sent) successRef.current?.focus();
  }, [sent]);
  return {
    submitting,
    sent,
    failure,
    errors: failure?.fieldErrors ?? {},
    values: failure?.values ?? {},
    successRef,
  };
}

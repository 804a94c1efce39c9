// Messages after an action: a feedback line that clears itself after 5 seconds,
// and a fetcher's answer shown once as feedback.
import { useCallback, useEffect, useRef, useState } from "react";
import { Outcome } from "./ui";

export type FeedbackState = { text: string; error: boolean } | null;
export type ShowFeedback = (text: string, error?: boolean) => void;

/** A message that clears itself after 5 seconds (seed 000 §4, §9). */
export function useFeedback() {
  const [feedback, setFeedback] = useState<FeedbackState>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback<ShowFeedback>((text, error = false) => {
    clearTimeout(timer.current);
    setFeedback({ text, error });
    timer.current = setTimeout(() => setFeedback(null), 5000);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [feedback, show] as const;
}

/** The kit's Outcome line for a feedback message. */
export function Feedback({ feedback }: { feedback: FeedbackState }) {
  return <Outcome message={feedback && { ok: !feedback.error, text: feedback.text }} className="feedback" />;
}

/** What the playlist and program actions answer: a message, or an error with the seed's message. */
export interface FetcherAnswer {
  message?: string;
  error?: { message: string };
}

/** Shows a fetcher's answer once: a revalidation re-renders with the same answer and must not show it again. */
export function useAnswer<A extends FetcherAnswer>(
  answer: A | undefined,
  show: ShowFeedback,
  onSuccess?: (answer: A) => void,
) {
  const seen = useRef<A | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer counts, not a new `show` or `onSuccess`.
  useEffect(() => {
    if (!answer || seen.current === answer) return;
    seen.current = answer;
    if (answer.error) show(answer.error.message, true);
    else {
      if (answer.message) show(answer.message);
      onSuccess?.(answer);
    }
  }, [answer]);
}

import { maySpeak } from '#contract/rules/alerts';

/** Speaks a text in a language through the browser's speech synthesis; false where the browser has none. */
export function speak(text: string, lang: string): boolean {
  const synthesis = typeof window === 'undefined' ? undefined : window.speechSynthesis;
  if (!synthesis || typeof SpeechSynthesisUtterance === 'undefined') return false;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = lang;
  synthesis.speak(utterance);
  return true;
}

export const speechAvailable = (): boolean => typeof window !== 'undefined' && !!window.speechSynthesis && typeof SpeechSynthesisUtterance !== 'undefined';

/**
 * At most one spoken alert per voiceIntervalTime (the global config, seconds): an alert that comes
 * sooner is shown, not spoken (speech is not queued up to repeat a burst of alerts for minutes).
 */
export function createSpeaker(say: (text: string, lang: string) => boolean = speak) {
  let lastSpokenAt: number | null = null;
  return (text: string, lang: string, voiceIntervalSeconds: number, now: number): boolean => {
    if (!maySpeak(lastSpokenAt, now, voiceIntervalSeconds)) return false;
    if (!say(text, lang)) return false;
    lastSpokenAt = now;
    return true;
  };
}

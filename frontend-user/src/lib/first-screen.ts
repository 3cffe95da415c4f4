/**
 * Public API answers the server sent inside the page (services/platform/http/first-screen.ts):
 * a profile's, the directory's first page, each as the API answers a visitor, by the path the
 * app asks for it. Each is used once, by the first anonymous request for that path, instead of
 * a round trip; later requests go to the API as usual.
 */
const ELEMENT_ID = 'first-screen-answers';

let answers: Map<string, unknown> | null = null;

function sentAnswers(): Map<string, unknown> {
  if (answers !== null) return answers;
  answers = new Map();
  if (typeof document === 'undefined') return answers;
  const element = document.getElementById(ELEMENT_ID);
  if (element?.textContent) {
    try {
      const parsed: unknown = JSON.parse(element.textContent);
      if (typeof parsed === 'object' && parsed !== null) {
        for (const [path, answer] of Object.entries(parsed)) answers.set(path, answer);
      }
    } catch {
      // Not JSON: nothing to use; the app asks the API.
    }
  }
  element?.remove();
  return answers;
}

/** The answer the page came with for `path` (under /api), once; undefined when there is none. */
export function takeSentAnswer(path: string): unknown {
  const sent = sentAnswers();
  const answer = sent.get(path);
  sent.delete(path);
  return answer;
}

/**
 * Resolves in a new task of the event loop, so that the browser can handle input and render a
 * frame before what follows: the way to cut one long task into shorter ones.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves in a new task of the event loop, so that the browser can handle input (and Lighthouse
 * sees two tasks) before what follows: the way to cut one long task into shorter ones. A message
 * to itself rather than `setTimeout(0)`, which a hidden tab delays to a second or more.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

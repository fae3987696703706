/** Sends the browser to the payment page. Its own module so tests can stand in for it: jsdom cannot leave. */
export function goToPayment(url: string): void {
  window.location.assign(url);
}

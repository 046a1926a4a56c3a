/**
 * The body of a successful answer. The client throws a LinkyardError for every other answer, so a
 * success always has one; this says so once instead of asserting it at every call.
 */
export async function body<T>(request: Promise<{ data?: T }>): Promise<T> {
  const { data } = await request;
  if (data === undefined) throw new Error('the service answered without a body');
  return data;
}

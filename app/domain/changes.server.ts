/**
 * The one hook every domain write calls. Listeners (the public page cache) subscribe here,
 * so no route ever has to remember to invalidate anything.
 */
type Listener = (entity: string) => void;
const listeners = new Set<Listener>();

export function onDomainChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function domainChanged(entity: string) {
  for (const listener of listeners) listener(entity);
}

/** `{ pending: 'Pending review' }` → react-admin choices `[{ id: 'pending', name: 'Pending review' }]`. */
export const choicesOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([id, name]) => ({ id, name }));

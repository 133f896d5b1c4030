/** The set detail page (`/trainingcamp/trainDetail`). */
export const trainDetailPath = (id: number) => `/trainingcamp/trainDetail?id=${id}`;

/** The panel every admin section sits on. */
export const cardClass = 'rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6';

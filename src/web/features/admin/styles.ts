/** Class names shared by the admin screens. */
export const buttonClass = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-md bg-stone-900 px-4 py-2 font-medium text-sm text-white hover:bg-stone-700 disabled:cursor-not-allowed disabled:opacity-50',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-sm text-stone-900 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50',
  danger:
    'inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 font-medium text-sm text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-50',
  small:
    'inline-flex items-center justify-center rounded-md border border-stone-300 bg-white px-3 py-1.5 font-medium text-sm text-stone-900 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50',
  smallPrimary:
    'inline-flex items-center justify-center rounded-md bg-green-700 px-3 py-1.5 font-medium text-sm text-white hover:bg-green-800 disabled:cursor-not-allowed disabled:opacity-50',
  smallDanger:
    'inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-3 py-1.5 font-medium text-red-800 text-sm hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50',
};

export const inputClass =
  'mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-amber-600 focus:outline-none';

export const labelClass = 'block font-medium text-sm text-stone-800';

export const cardClass = 'rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6';

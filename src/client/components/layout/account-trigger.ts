// The avatar button's look, shared by the stand-in and the menu loaded on first use (no circle).
export const accountTriggerClass =
  'rounded-full p-0.5 transition-shadow hover:shadow-soft data-[state=open]:ring-2 data-[state=open]:ring-coral-300';

/** Placeholder while the resource route is written (replaced by its owner). */
export const loader = () => new Response(null, { status: 404 });

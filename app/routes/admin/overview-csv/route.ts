/** Placeholder: /admin/overview.csv (replaced by its implementation). */
export const loader = () => new Response("Not yet", { status: 404 });

/** A page of running text (about, cookies, privacy, impressum). */
export function ProsePage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_p]:mt-3 [&_p]:leading-relaxed [&_p]:text-slate-800 [&_li]:mt-1">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900">{title}</h1>
      {children}
    </article>
  );
}

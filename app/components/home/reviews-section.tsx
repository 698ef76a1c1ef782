/** Home reviews section (id testimonials). Completed by the reviews issue. */
export function ReviewsSection() {
  return (
    <section id="testimonials" aria-labelledby="reviews-title" className="container-page py-14">
      <h2 id="reviews-title" className="text-3xl font-bold">
        Verified Customer Reviews
      </h2>
      <p className="mt-4 text-muted">Be Our First Reviewer!</p>
    </section>
  );
}

/*
 * check-first.c: the mistake a check names first, for `clings validate --migrate`: a wrong
 * kernel of the previous format has no `// diagnosis:` line, and the migration proposes the one
 * clings gives it now, for its author to read in the diff.
 */
#include "engine/check/check.h"

#include <stdlib.h>
#include <string.h>

int check_first_diagnosis(const struct course *c, const struct exercise *e, const char *device,
			  const char *file, bool no_analysis, uint64_t seed, enum verdict *verdict,
			  struct sbuf *message, char *id, size_t idlen, bool *proved)
{
	/* in English and without the cache, as validate checks the same kernel */
	struct check_options o = { .device = device, .file = file, .lang = "en",
				   .no_analysis = no_analysis, .seed = seed };
	struct report r = REPORT_INIT;
	int rc = check_exercise(c, e, &o, &r);
	*verdict = r.verdict;
	copy_str(id, idlen, r.ndiagnoses > 0 ? r.diagnoses[0].d->id : "");
	*proved = r.ndiagnoses > 0 && r.diagnoses[0].certain;
	char *text = msg_text(&r.message, NULL);
	for (const char *p = text; *(p += strspn(p, " \t\n"));) {   /* its words, on one line */
		size_t n = strcspn(p, " \t\n");
		sbuf_addf(message, "%s%.*s", message->len ? " " : "", (int)n, p);
		p += n;
	}
	if (rc < 0 || r.verdict == VERDICT_ERROR)
		rc = error("%s: the check could not run: %s", file, text);
	free(text);
	report_release(&r);
	return rc;
}

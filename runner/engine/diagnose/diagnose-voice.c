/*
 * diagnose-voice.c: one voice. A report speaks twice at most, the runner's message and the
 * exercise's advice (course/advice.c), and its diagnoses name the mistake; none of them may
 * contradict another, in any language of the course: a barrier advised where another says no
 * barrier can help, two proved mistakes that exclude each other (a race that only an atomic
 * fixes and one that a barrier fixes; no guard at all and a guard with the wrong bound), a
 * guard the message says is there asked about as missing, or a mistake called proved on
 * evidence that proves nothing (a likeness, a pattern of the text: course/diagnosis.h).
 * `clings validate` asks it of every wrong kernel's report, in every language, from the one run
 * it makes: a message is data, rendered here in each language.
 */
#include "engine/diagnose/diagnose.h"

#include <stdlib.h>
#include <string.h>

/* Words that say no barrier helps, and words that advise one, as the runner and the course's
 * advice write them (English and Portuguese). */
static const char *const no_barrier[] = {
	"A barrier cannot help", "No barrier can help", "no barrier helps", "No barrier makes",
	"Uma barreira não resolve", "Nenhuma barreira resolve", "nenhuma barreira resolve",
};
static const char *const barrier_advised[] = {
	"barrier(CLK_", "Put barrier", "put a barrier", "end every step with", "End every round with",
	"needs its barrier", "a barrier after", "a barrier between", "read into a private variable, barrier",
	"Ponha barrier", "ponha uma barreira", "termine cada passo com", "Termine também cada volta",
	"precisa da sua barreira", "uma barreira depois", "uma barreira entre",
	"leia para uma variável privada, faça a barreira",
};
/* Proved mistakes that exclude each other. */
static const char *const excluded[][2] = {
	{ "race_needs_atomic", "barrier_missing" },
	{ "race_needs_atomic", "fence_wrong_space" },
	{ "guard_missing", "guard_off_by_one" },
	{ "guard_missing", "guard_wrong_bound" },
	{ "nothing_stored", "output_not_cleared" },
	{ "global_id_as_local_index", "local_id_as_global_index" },
};

static const char *said(const char *text, const char *const *words, size_t n)
{
	for (size_t i = 0; text && i < n; i++)
		if (strstr(text, words[i]))
			return words[i];
	return NULL;
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Evidence strings that name what proves: the verdict's run, the analysis, a repair. */
static const char *const proving_evidence[] = { "verdict:", "analysis:", "execution:", "repair:" };

/* A diagnosis said to be proved by what proves nothing, or one whose proof the report's facts
 * lack: into why. */
static bool unproved_proof(const struct report *r, struct sbuf *why)
{
	char v[64];
	bool unwritten = msg_fact_text(&r->message, "buffer_unwritten", v, sizeof(v)) != NULL;
	bool guarded = msg_fact_text(&r->message, "line_guard", v, sizeof(v)) ||
		       msg_fact_text(&r->message, "guard_line", v, sizeof(v));
	bool bad = false;
	for (int i = 0; i < r->ndiagnoses && !bad; i++) {
		const struct diagnosis_found *f = &r->diagnoses[i];
		bool named = false;
		for (size_t k = 0; k < sizeof(proving_evidence) / sizeof(proving_evidence[0]); k++)
			named |= !strncmp(f->evidence, proving_evidence[k], strlen(proving_evidence[k]));
		if (f->certain && (!evidence_proves(f->kind) || !named)) {
			sbuf_addf(why, "%s is called proved on %s evidence (%s)", f->d->id,
				  evidence_kind_name(f->kind), f->evidence);
			bad = true;
		} else if (f->certain && !strcmp(f->d->id, "local_slot_unwritten") && !unwritten) {
			sbuf_addf(why, "local_slot_unwritten is called proved, and the analysis saw no "
				  "unwritten slot of local memory read (%s)", f->evidence);
			bad = true;
		} else if (!strcmp(f->d->id, "guard_missing") && guarded) {
			sbuf_addf(why, "the message says the access is guarded, and guard_missing is %s",
				  f->certain ? "proved" : "asked");
			bad = true;
		}
	}
	return bad;
}

bool diagnose_contradiction(const struct check_spec *spec, const struct report *r, const char *run_lang,
			    const char *lang, struct sbuf *why)
{
	if (unproved_proof(r, why))
		return true;
	for (size_t k = 0; k < COUNT(excluded); k++) {
		bool a = false, b = false;
		for (int i = 0; i < r->ndiagnoses; i++) {
			a |= r->diagnoses[i].certain && !strcmp(r->diagnoses[i].d->id, excluded[k][0]);
			b |= r->diagnoses[i].certain && !strcmp(r->diagnoses[i].d->id, excluded[k][1]);
		}
		if (a && b) {
			sbuf_addf(why, "both %s and %s are proved", excluded[k][0], excluded[k][1]);
			return true;
		}
	}
	/* the runner's words in lang: the message less the advice the run added (in run_lang) */
	char *message = msg_text(&r->message, lang);
	const char *ran = advice_for(spec, r->verdict, r->diagnoses, r->ndiagnoses, run_lang);
	char *cut = ran && *ran ? strstr(message, ran) : NULL;
	if (cut)
		memmove(cut, cut + strlen(ran), strlen(cut + strlen(ran)) + 1);
	/* the learner's code the message quotes ("  20 | barrier(...);") is no advice */
	char *w = message;
	for (const char *p = message; *p;) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) + 1 : strlen(p);
		size_t d = strspn(p, " ");
		bool quote = d > 0 && p[d] >= '0' && p[d] <= '9' && strstr(p, " | ") &&
			     strstr(p, " | ") < p + n && strspn(p + d, "0123456789") + d == (size_t)(strstr(p, " | ") - p);
		if (!quote)
			memmove(w, p, n), w += n;
		p += n;
	}
	*w = '\0';
	const char *advice = advice_for(spec, r->verdict, r->diagnoses, r->ndiagnoses, lang);
	const char *no_m = said(message, no_barrier, COUNT(no_barrier));
	const char *yes_m = said(message, barrier_advised, COUNT(barrier_advised));
	const char *no_a = said(advice, no_barrier, COUNT(no_barrier));
	const char *yes_a = said(advice, barrier_advised, COUNT(barrier_advised));
	bool bad = true;
	if (no_m && yes_m)
		sbuf_addf(why, "the message says '%s' and '%s'", no_m, yes_m);
	else if (no_m && yes_a)
		sbuf_addf(why, "the message says '%s', the advice '%s'", no_m, yes_a);
	else if (yes_m && no_a)
		sbuf_addf(why, "the message says '%s', the advice '%s'", yes_m, no_a);
	else if (no_a && yes_a)
		sbuf_addf(why, "the advice says '%s' and '%s'", no_a, yes_a);
	else
		bad = false;
	free(message);
	return bad;
}

/*
 * text.c: the words of the interactive runner (watch, lesson, hint, reset) in Brazilian
 * Portuguese. Looked up by their exact English text, as tr() does for the engine's messages
 * (i18n.c); kept apart from that table because these are the screen's chrome, owned with it.
 * A translation keeps the English conversions in the same order (tests/unit/test-lesson.c checks).
 */
#include "ui/ui.h"

#include <string.h>

const struct translation ui_translations[] = {
	/* verdicts as the learner reads them */
	{ "Passed", "Passou" },
	{ "Does not compile", "Não compila" },
	{ "Wrong kernel signature", "Assinatura do kernel errada" },
	{ "Wrong result", "Resultado errado" },
	{ "Timed out", "Passou do tempo" },
	{ "Crashed", "Travou" },
	{ "Out-of-bounds access", "Acesso fora dos limites" },
	{ "Data race", "Condição de corrida" },
	{ "Barrier divergence", "Barreira divergente" },
	{ "Uninitialized value used", "Valor não inicializado usado" },
	{ "Requirement not met", "Requisito não cumprido" },
	{ "The check could not run", "A verificação não pôde rodar" },
	{ "Unknown verdict", "Veredito desconhecido" },

	/* the screen */
	{ "done", "feitos" },
	{ "Edit", "Edite" },
	{ " lesson %d-%d of %d %s ", " lição %d-%d de %d %s " },
	{ "Not checked yet: save %s to check it, or press r.",
	  "Ainda não verificado: salve %s para verificar, ou tecle r." },
	{ "check %d at %s, %.2f s", "verificação %d às %s, %.2f s" },
	{ "That was the last exercise: the course is done!", "Esse era o último exercício: o curso acabou!" },
	{ "Well done. Press n for the next exercise.", "Muito bem. Tecle n para o próximo exercício." },
	{ "(no message)", "(sem mensagem)" },
	{ "(%d more lines)", "(mais %d linhas)" },
	{ "(%d more lines: press v)", "(mais %d linhas: tecle v)" },
	{ "%d of %d tests failed", "%d de %d testes falharam" },
	{ "next", "próximo" },
	{ "prev", "anterior" },
	{ "lesson", "lição" },
	{ "hint", "dica" },
	{ "run", "rodar" },
	{ "reset", "recomeçar" },
	{ "verdict", "veredito" },
	{ "scroll", "rolar" },
	{ "quit", "sair" },
	{ "line", "linha" },
	{ "page", "página" },
	{ "top, end", "início, fim" },
	{ "back", "voltar" },

	/* the status line */
	{ "Checking %s: %s", "Verificando %s: %s" },
	{ "Check stopped by a key; it runs again in a moment.",
	  "Verificação interrompida por uma tecla; ela roda de novo em instantes." },
	{ "Checking %s\xe2\x80\xa6", "Verificando %s\xe2\x80\xa6" },
	{ "%s: cannot read: %s", "%s: não foi possível ler: %s" },
	{ "Files cannot be watched here: press r to check after saving.",
	  "Aqui não dá para observar arquivos: tecle r para verificar depois de salvar." },
	{ "No verdict yet: save the file or press r.", "Nenhum veredito ainda: salve o arquivo ou tecle r." },
	{ "That was the last exercise: the course is done! q quits.",
	  "Esse era o último exercício: o curso acabou! q sai." },
	{ "This is the last exercise.", "Este é o último exercício." },
	{ "This is the first exercise.", "Este é o primeiro exercício." },
	{ "%s has not passed yet: make it pass first (or press N to skip it).",
	  "%s ainda não passou: faça passar primeiro (ou tecle N para pular)." },
	{ "Back to the stub. Your version is kept in %s.",
	  "De volta ao esqueleto. A sua versão ficou guardada em %s." },
	{ "%s is the stub already.", "%s já é o esqueleto." },
	{ "Reset %s to the stub? Your version is kept as a .bak file. (y/N)",
	  "Voltar %s ao esqueleto? A sua versão fica guardada num arquivo .bak. (y/N)" },
	{ "Not reset.", "Nada foi mudado." },

	/* pagers, plain output, commands */
	{ "Lesson: %s", "Lição: %s" },
	{ "Hints for %s: %d of %d seen%s", "Dicas de %s: %d de %d vistas%s" },
	{ " (that is all of them)", " (são todas)" },
	{ "; h shows the next", "; h mostra a próxima" },
	{ "Last verdict for %s", "Último veredito de %s" },
	{ "Compiler log:", "Saída do compilador:" },
	{ "Hint %d of %d", "Dica %d de %d" },
	{ "Hint %d of %d: %s", "Dica %d de %d: %s" },
	{ "(%d more: run `clings hint %s` again)", "(mais %d: rode `clings hint %s` de novo)" },
	{ "No lesson for this exercise yet.", "Este exercício ainda não tem lição." },
	{ "%d/%d done. Exercise %d: %s (%s)\n", "%d/%d feitos. Exercício %d: %s (%s)\n" },
	{ "Edit %s; read the lesson with `clings lesson %s`.\n",
	  "Edite %s; leia a lição com `clings lesson %s`.\n" },
	{ "%s: back to the stub; your version is kept in %s\n",
	  "%s: de volta ao esqueleto; a sua versão ficou guardada em %s\n" },
	{ "%s: already the stub\n", "%s: já é o esqueleto\n" },
	/* commands, options and usage (cmd/) */
	{ "usage:", "uso:" },
	{ "[OPTIONS]", "[OPÇÕES]" },
	{ "[GLOBAL OPTIONS]", "[OPÇÕES GLOBAIS]" },
	{ "[COMMAND [OPTIONS] [ARGS]]", "[COMANDO [OPÇÕES] [ARGUMENTOS]]" },
	{ "options:", "opções:" },
	{ "global options:", "opções globais:" },
	{ "commands:", "comandos:" },
	{ "With no command, clings opens the current exercise and checks it on every save.",
	  "Sem comando, o clings abre o exercício atual e o verifica a cada vez que você salva." },
	{ "`clings COMMAND --help` tells more about one command.",
	  "`clings COMANDO --help` explica um comando." },
	{ "Run `clings --help`, or `clings COMMAND --help`.", "Rode `clings --help` ou `clings COMANDO --help`." },
	{ "the course directory", "o diretório do curso" },
	{ "en or pt-BR", "en ou pt-BR" },
	{ "the OpenCL device (see `clings devices`)", "o dispositivo OpenCL (veja `clings devices`)" },
	{ "this help", "esta ajuda" },
	{ "the tutorial: lesson, edit, save, verdict, next (the default)",
	  "o tutorial: lição, edição, salvar, veredito, próximo (o padrão)" },
	{ "the exercises in course order and their state", "os exercícios na ordem do curso e o estado de cada um" },
	{ "check an exercise once and print the verdict", "verifica um exercício uma vez e mostra o veredito" },
	{ "print the lesson (of the current exercise by default)", "mostra a lição (do exercício atual, se nenhum for dado)" },
	{ "show the next hint (of the current exercise by default)",
	  "mostra a próxima dica (do exercício atual, se nenhum for dado)" },
	{ "put the stub back; your version is kept as NAME.cl.bak",
	  "põe o esqueleto de volta; a sua versão fica guardada como NOME.cl.bak" },
	{ "list the OpenCL devices", "lista os dispositivos OpenCL" },
	{ "check every file of the course and report problems as file:line",
	  "confere cada arquivo do curso e aponta problemas como arquivo:linha" },
	{ "check PATH instead of the exercise's own file", "verifica PATH em vez do arquivo do exercício" },
	{ "print the report as one JSON object", "mostra o relatório como um objeto JSON" },
	{ "skip the analysis on Oclgrind", "pula a análise no Oclgrind" },
	{ "show the compiler's and the analysis's logs", "mostra os registros do compilador e da análise" },
	{ "Pick one with --device P:D, --device cpu|gpu, or part of its name:",
	  "Escolha um com --device P:D, --device cpu|gpu ou parte do nome:" },
	{ "Isolation: namespaces and a seccomp filter (kernels see a read-only machine without the "
	  "course's solutions, and no network).",
	  "Isolamento: namespaces e um filtro seccomp (os kernels veem a máquina só para leitura, sem "
	  "as soluções do curso, e sem rede)." },
	{ "Isolation: a seccomp filter only (this machine refuses user namespaces, so kernels can "
	  "read what you can read).",
	  "Isolamento: só um filtro seccomp (esta máquina recusa namespaces de usuário, então os "
	  "kernels podem ler o que você pode ler)." },
	/* short words in a context (msgctxt, as gettext keys them: context, EOT, text) */
	{ "list state\004new", "novo" },
	{ "list state\004todo", "fazer" },
	{ "list state\004done", "feito" },
	{ "  <- current", "  <- atual" },
	{ "  last: ", "  último: " },
	{ "\n%d/%d done\n", "\n%d/%d feitos\n" },
	{ NULL, NULL },
};

const char *ui_text(const char *lang, const char *english)
{
	return tr_from(ui_translations, lang, english);
}

const char *ui_text_ctx(const char *lang, const char *context, const char *english)
{
	char key[128];
	snprintf(key, sizeof(key), "%s\004%s", context, english);
	const char *t = tr_from(ui_translations, lang, key);
	return t == key || !strcmp(t, key) ? english : t;
}

/*
 * i18n.c: the learner-facing messages of the runner in Brazilian Portuguese.
 *
 * A message is looked up by its exact English text, format strings included, so a call site
 * reads as the English it prints: sbuf_addf(&msg, tr(lang, "Test %s: %s"), test, why). A
 * translation keeps the English conversions in the same order (tests/unit/test-i18n.c checks
 * every entry, and that every literal given to tr() in runner/ has one). Words follow the
 * pt-BR lessons: item de trabalho, grupo de trabalho, memória local, barreira, passada.
 *
 * Not translated: verdict names and JSON keys (an interface), compiler output and Oclgrind's
 * log, `clings: ...` errors (for whoever runs the tool), errors of the course itself (a broken
 * check file, a failing reference solution), and texts from the check ini files.
 */
#include "base/base.h"

#include <inttypes.h>
#include <string.h>

const struct translation translations[] = {
	/* ---- confinement and the learner's file (check.c) ---- */
	{ "%s:%d: a kernel here is one file: #include (and every other way of reading another file "
	  "into it) is not allowed. Write what you need in this file.",
	  "%s:%d: aqui um kernel é um arquivo só: #include (e qualquer outro jeito de trazer outro "
	  "arquivo para dentro dele) não é permitido. Escreva neste arquivo o que você precisa." },
	{ "The results of test %s are missing or damaged: your kernel ended the process that runs "
	  "it, or wrote into its channel.",
	  "Os resultados do teste %s faltam ou estão danificados: o seu kernel encerrou o processo "
	  "que o executa, ou escreveu no canal dele." },
	{ "The results are missing or damaged: your kernel ended the process that runs it, or wrote "
	  "into its channel.",
	  "Os resultados faltam ou estão danificados: o seu kernel encerrou o processo que o executa, "
	  "ou escreveu no canal dele." },
	{ "Your kernel made a system call that no kernel may make, during test %s%s: a kernel "
	  "computes; it does not open files, start processes or signal them. The run was stopped.",
	  "O seu kernel fez uma chamada de sistema que nenhum kernel pode fazer, no teste %s%s: um "
	  "kernel calcula; ele não abre arquivos, não cria processos nem manda sinais a eles. A "
	  "execução foi interrompida." },
	{ "Your kernel made a system call that no kernel may make%s: a kernel computes; it does not "
	  "open files, start processes or signal them. The run was stopped.",
	  "O seu kernel fez uma chamada de sistema que nenhum kernel pode fazer%s: um kernel calcula; "
	  "ele não abre arquivos, não cria processos nem manda sinais a eles. A execução foi "
	  "interrompida." },
	{ "The run%s sent far more than a check's results (over 64 MB) and was stopped.",
	  "A execução%s mandou muito mais do que os resultados de uma verificação (mais de 64 MB) e "
	  "foi interrompida." },
	{ "Building the kernel%s used more than a build may (%d s of processor time, %d MB of "
	  "memory, 64 MB of files): a macro that expands into a huge text, or a loop unrolled by "
	  "hand thousands of times, does this.",
	  "A compilação do kernel%s usou mais do que uma compilação pode (%d s de processador, %d MB "
	  "de memória, 64 MB de arquivos): uma macro que se expande num texto enorme, ou um laço "
	  "desenrolado à mão milhares de vezes, faz isso." },
	/* ---- building, signature, requirements, launches (execute.c) ---- */
	{ "The kernel does not compile:\n", "O kernel não compila:\n" },
	{ "There is no kernel named '%s' in your file. Expected:\n  %s\n",
	  "O seu arquivo não tem nenhum kernel chamado '%s'. O esperado é:\n  %s\n" },
	{ "Your file defines: %s", "O seu arquivo define: %s" },
	{ "Your file defines no __kernel function.", "O seu arquivo não define nenhuma função __kernel." },
	{ "'%s' takes %d argument; it should take %d.", "'%s' recebe %d argumento; deveria receber %d." },
	{ "'%s' takes %d arguments; it should take %d.", "'%s' recebe %d argumentos; deveria receber %d." },
	{ "(private)", "(privado)" },
	{ "Argument %d ('%s') is %s; it should be %s.", "O argumento %d ('%s') é %s; deveria ser %s." },
	{ "Argument %d ('%s') has type %s; it should be %s.",
	  "O argumento %d ('%s') é do tipo %s; deveria ser %s." },
	{ "\nThe kernel must be declared exactly as:\n  %s",
	  "\nO kernel precisa ser declarado exatamente assim:\n  %s" },
	{ "cannot set argument '%s'", "não foi possível passar o argumento '%s'" },
	{ "cannot read back '%s'", "não foi possível ler '%s' de volta" },
	{ "Test %s: your kernel wrote past the end of '%s': '%s' has %zu elements (indices 0 to %zu), "
	  "and element %ld was overwritten.\nA work-item whose index falls outside the data must not "
	  "write: guard every store with a bounds check.",
	  "Teste %s: o seu kernel escreveu além do fim de '%s': '%s' tem %zu elementos (índices 0 a "
	  "%zu), e o elemento %ld foi sobrescrito.\nUm item de trabalho cujo índice cai fora dos dados "
	  "não pode escrever nada: proteja cada escrita comparando o índice com o tamanho." },
	{ "Test %s: %s", "Teste %s: %s" },
	{ "Your kernel declares no __local memory of its own (this exercise asks for at least %ld "
	  "bytes).",
	  "O seu kernel não declara memória __local própria (este exercício pede pelo menos %ld "
	  "bytes)." },
	{ "work-groups of %zu work-items are more than this device allows (%zu)",
	  "grupos de trabalho de %zu itens de trabalho passam do que este dispositivo permite (%zu)" },
	{ "no test could run on this device", "nenhum teste pôde rodar neste dispositivo" },

	/* ---- timeouts, crashes, merging the analysis (check.c) ---- */
	{ "The usual causes: a barrier that not every work-item of a group reaches (a barrier inside "
	  "an if, or inside a loop whose number of steps differs between work-items: the others wait "
	  "there forever), or a loop whose condition never becomes false.",
	  "As causas mais comuns: uma barreira que nem todos os itens de trabalho de um grupo alcançam "
	  "(uma barreira dentro de um if, ou dentro de um laço cujo número de passos muda de um item "
	  "de trabalho para outro: os demais ficam esperando ali para sempre), ou um laço cuja "
	  "condição nunca fica falsa." },
	{ "Test %s did not finish within %.1f s%s.", "O teste %s não terminou em %.1f s%s." },
	{ "The check did not finish within %.1f s%s.", "A verificação não terminou em %.1f s%s." },
	{ "Building the kernel took longer than %.0f s%s: simplify it (huge loops unrolled by hand, "
	  "very long macros).", "A compilação do kernel levou mais de %.0f s%s: simplifique-o (laços "
	  "enormes desenrolados à mão, macros muito longas)." },
	{ "Test %s used up its CPU time%s.", "O teste %s esgotou o seu tempo de CPU%s." },
	{ "The check used up its CPU time%s.", "A verificação esgotou o seu tempo de CPU%s." },
	{ "Your kernel crashed the run%s (signal %d, %s) during test %s.",
	  "O seu kernel derrubou a execução%s (sinal %d, %s) durante o teste %s." },
	{ "Your kernel crashed the run%s (signal %d, %s).",
	  "O seu kernel derrubou a execução%s (sinal %d, %s)." },
	{ "\nOn a CPU device this usually means a read or write far outside a buffer: check every "
	  "index against the size before using it.",
	  "\nNum dispositivo de CPU, isso costuma ser uma leitura ou escrita muito fora de um buffer: "
	  "compare cada índice com o tamanho antes de usá-lo." },
	{ "The run ended without a result (exit status %d) during test %s; it may have run out of "
	  "memory.",
	  "A execução terminou sem resultado (status de saída %d) durante o teste %s; talvez a "
	  "memória tenha acabado." },
	{ "The run ended without a result (exit status %d); it may have run out of memory.",
	  "A execução terminou sem resultado (status de saída %d); talvez a memória tenha acabado." },
	/* pt-BR names the device inside parentheses: "No dispositivo de execução (%s)" */
	{ "this device", "desconhecido" },
	{ "\n\nOn %s your results were right, but only by chance: a GPU runs work-items truly in "
	  "parallel and would not forgive this.",
	  "\n\nNo dispositivo de execução (%s), os seus resultados saíram certos, mas só por sorte: "
	  "uma GPU roda os itens de trabalho de fato em paralelo e não perdoaria isso." },
	{ "\n\nOn %s the run hung, which is what this bug does.",
	  "\n\nNo dispositivo de execução (%s), a execução travou, que é justamente o que esse erro "
	  "provoca." },
	{ "\n\nOn %s it also failed: %s",
	  "\n\nNo dispositivo de execução (%s), o kernel também falhou: %s" },
	{ " on the analysis device (Oclgrind)", " no dispositivo de análise (Oclgrind)" },
	{ "The analysis could not run: %s", "A análise não pôde rodar: %s" },
	{ "checking (and analysing on Oclgrind)...", "verificando (e analisando no Oclgrind)..." },
	{ "checking...", "verificando..." },

	/* ---- a wrong result and its picture (verdict.c) ---- */
	{ "nothing (never written)", "nada (nunca escrito)" },
	{ ": expected %s, got %s", ": esperado %s, obtido %s" },
	{ " (%ld of %zu values wrong)", " (%ld de %zu valores errados)" },
	{ "pass %d of %d: ", "passada %d de %d: " },
	{ "pass %d of %d, ", "passada %d de %d, " },
	{ "%s at (%s %zu, %s %zu)", "%s em (%s %zu, %s %zu)" },
	{ "%s, %s %zu-%zu (. right, x wrong):\n  ", "%s, %s %zu-%zu (. certo, x errado):\n  " },
	{ "%s (%zu x %zu), %s %zu-%zu, %s %zu-%zu (. right, x wrong):\n",
	  "%s (%zu x %zu), %s %zu-%zu, %s %zu-%zu (. certo, x errado):\n" },
	{ "index", "índice" },
	{ "indices", "índices" },
	/* the labels the course's check files use, and their plurals */
	{ "element", "elemento" },
	{ "elements", "elementos" },
	{ "row", "linha" },
	{ "rows", "linhas" },
	{ "column", "coluna" },
	{ "columns", "colunas" },
	{ "work-group", "grupo de trabalho" },
	{ "work-groups", "grupos de trabalho" },

	/* ---- the text report (report.c) ---- */
	{ "%s✓ %s passes%s", "%s✓ %s passou%s" },
	{ "%d test passed; ", "%d teste passou; " },
	{ "%d tests passed; ", "%d testes passaram; " },
	{ "%d skipped (too large for this device); ",
	  "pulados: %d (grandes demais para este dispositivo); " },
	{ "device: %s", "dispositivo: %s" },
	{ "analysis on Oclgrind: done", "análise no Oclgrind: feita" },
	{ "\n--- compiler log ---\n%s\n", "\n--- saída do compilador ---\n%s\n" },
	{ "\n--- Oclgrind log ---\n%s\n", "\n--- log do Oclgrind ---\n%s\n" },

	/* ---- what the analysis found (analyze.c): phrases ---- */
	{ "work-group %s", "o grupo de trabalho %s" },
	{ "work-item %s of work-group %s", "o item de trabalho %s do grupo de trabalho %s" },
	{ "work-item %s of the same work-group", "o item de trabalho %s do mesmo grupo de trabalho" },
	{ "`%s` (local memory)", "`%s` (memória local)" },
	{ "a __local array of the kernel", "um vetor __local do kernel" },
	{ "local memory", "memória local" },
	{ "a global buffer", "um buffer global" },
	{ "element %" PRId64 " of %s", "o elemento %" PRId64 " de %s" },
	{ "element %" PRId64, "o elemento %" PRId64 },
	{ "byte %" PRId64 " of %s", "o byte %" PRId64 " de %s" },
	{ "byte %" PRId64, "o byte %" PRId64 },
	{ " and %d more", " e mais %d" },
	{ " at line %d", " na linha %d" },

	/* ---- barrier divergence ---- */
	{ "barrier divergence", "barreira divergente" },
	{ "the barrier", "a barreira" },
	{ "the async_work_group_copy", "a chamada de async_work_group_copy" },
	{ "two different barriers", "duas barreiras diferentes" },
	{ "two different async_work_group_copy calls", "duas chamadas diferentes de async_work_group_copy" },
	{ "In work-group %s, work-item %s reached %s at line %d, while the others (work-item 0 among "
	  "them) reached %s at line %d: %s.",
	  "No grupo de trabalho %s, o item de trabalho %s alcançou %s da linha %d, enquanto os demais "
	  "(o item de trabalho 0 entre eles) alcançaram %s da linha %d: %s." },
	{ "In work-group %s, work-items %s reached %s at line %d, while the others (work-item 0 among "
	  "them) reached %s at line %d: %s.",
	  "No grupo de trabalho %s, os itens de trabalho %s alcançaram %s da linha %d, enquanto os "
	  "demais (o item de trabalho 0 entre eles) alcançaram %s da linha %d: %s." },
	{ "\nA barrier in each branch of an if/else is not one barrier reached two ways: each part of "
	  "the group waits at its own one, forever, on a GPU.",
	  "\nUma barreira em cada ramo de um if/else não é uma só barreira alcançada por dois "
	  "caminhos: numa GPU, cada parte do grupo fica esperando na sua, para sempre." },
	{ "\nAn async_work_group_copy in each branch of an if/else is not one async_work_group_copy "
	  "reached two ways: each part of the group waits at its own one, forever, on a GPU.",
	  "\nUma chamada de async_work_group_copy em cada ramo de um if/else não é uma só chamada "
	  "alcançada por dois caminhos: numa GPU, cada parte do grupo fica esperando na sua, para "
	  "sempre." },
	{ "Only %ld of the %ld work-items of work-group %s reached %s at line %d; the other %ld did "
	  "not.",
	  "Só %ld dos %ld itens de trabalho do grupo de trabalho %s alcançaram %s da linha %d; os "
	  "outros %ld, não." },
	{ "Only part of work-group %s reached %s at line %d.",
	  "Só uma parte do grupo de trabalho %s alcançou %s da linha %d." },
	{ " The same happened in %d work-groups in all.",
	  " O mesmo aconteceu em %d grupos de trabalho ao todo." },
	{ "\nEvery work-item of a work-group must reach the same barrier, the same number of times. "
	  "A barrier inside an `if`, or inside a loop whose number of trips depends on the local id, "
	  "is reached by only part of the group: on a GPU the work-items at the barrier wait for the "
	  "others forever and the kernel hangs (or gives wrong results). The CPU device forgives "
	  "this; a GPU does not. Move the barrier out of the branch: every work-item runs the loop "
	  "the same number of times and meets every barrier, and only the work inside is guarded by "
	  "the condition.",
	  "\nTodos os itens de trabalho de um grupo de trabalho precisam alcançar a mesma barreira, o "
	  "mesmo número de vezes. Uma barreira dentro de um `if`, ou dentro de um laço cujo número de "
	  "voltas depende do id local, só é alcançada por parte do grupo: numa GPU, os itens de "
	  "trabalho que chegaram à barreira esperam os outros para sempre e o kernel trava (ou dá "
	  "resultados errados). O dispositivo de CPU deixa passar; uma GPU, não. Tire a barreira de "
	  "dentro do ramo: todos os itens de trabalho rodam o laço o mesmo número de vezes e passam "
	  "por todas as barreiras, e só o trabalho lá dentro fica protegido pela condição." },

	/* ---- out of bounds ---- */
	{ "out-of-bounds write", "escrita fora dos limites" },
	{ "out-of-bounds read", "leitura fora dos limites" },
	{ ", %" PRId64 " before the start", ", %" PRId64 " antes do início" },
	{ ", one past the end", ", logo depois do fim" },
	{ ", %" PRId64 " past the end", ", %" PRId64 " além do fim" },
	{ ": %s (local memory) holds %" PRId64 " elements (indices 0 to %" PRId64 ").",
	  ": %s (memória local) tem %" PRId64 " elementos (índices 0 a %" PRId64 ")." },
	{ ": %s holds %" PRId64 " elements (indices 0 to %" PRId64 ").",
	  ": %s tem %" PRId64 " elementos (índices 0 a %" PRId64 ")." },
	{ "byte %" PRId64 " of `%s`, which holds %zu bytes.",
	  "o byte %" PRId64 " de `%s`, que tem %zu bytes." },
	{ "outside %s.", "fora de %s." },
	{ "At line %d, %s wrote %s", "Na linha %d, %s escreveu %s" },
	{ "At line %d, %s read %s", "Na linha %d, %s leu %s" },
	{ "\nA GPU does not check indices: the write lands in whatever memory follows, another "
	  "buffer, another work-group's data, or nothing at all, which crashes the kernel.",
	  "\nUma GPU não confere índices: a escrita vai parar na memória que estiver logo depois "
	  "(outro buffer, os dados de outro grupo de trabalho) ou em endereço nenhum, o que derruba "
	  "o kernel." },
	{ "\nA GPU does not check indices: the read returns whatever lies after the data, garbage "
	  "that ends up in your result, or crashes the kernel.",
	  "\nUma GPU não confere índices: a leitura devolve o que estiver depois dos dados, lixo que "
	  "vai parar no seu resultado, ou derruba o kernel." },
	{ " Guard the access with a test of the index against the size, e.g. `if (i < len)`: the last "
	  "work-group may lie partly past the end of the data, and every element a work-item touches "
	  "needs its own test, not only the first.",
	  " Proteja o acesso comparando o índice com o tamanho, por exemplo `if (i < len)`: o último "
	  "grupo de trabalho pode ficar em parte além do fim dos dados, e cada elemento que um item "
	  "de trabalho toca precisa do seu próprio teste, não só o primeiro." },

	/* ---- data races ---- */
	{ "data race", "condição de corrida" },
	{ "On %s, %s wrote %s%s and %s wrote it", "Em %s, %s escreveu %s%s e %s também escreveu ali" },
	{ "On %s, %s wrote %s%s and %s read it", "Em %s, %s escreveu %s%s e %s o leu" },
	{ ", with a different value", ", com um valor diferente" },
	{ ", with no barrier between the two.", ", sem nenhuma barreira entre os dois." },
	{ "\nWork-items run in no fixed order, and one's write is not seen by another until they "
	  "synchronise: on a GPU which value stays is luck",
	  "\nOs itens de trabalho rodam sem ordem fixa, e o que um escreve só fica visível para outro "
	  "depois que os dois se sincronizam: numa GPU, qual valor fica é questão de sorte" },
	{ "\nWork-items run in no fixed order, and one's write is not seen by another until they "
	  "synchronise: on a GPU the read may get the old value or the new one, and the result "
	  "changes from run to run",
	  "\nOs itens de trabalho rodam sem ordem fixa, e o que um escreve só fica visível para outro "
	  "depois que os dois se sincronizam: numa GPU, a leitura pode pegar o valor antigo ou o "
	  "novo, e o resultado muda de uma execução para outra" },
	{ ". No barrier orders different work-groups: each work-group must own its region of the "
	  "output (group g writes only its own elements), and a pass that reads another pass's "
	  "results needs a separate kernel launch, with two buffers.",
	  ". Nenhuma barreira ordena grupos de trabalho diferentes: cada grupo de trabalho precisa ser "
	  "dono da sua região da saída (o grupo g só escreve os seus próprios elementos), e uma "
	  "passada que lê os resultados de outra precisa de um lançamento separado do kernel, com "
	  "dois buffers." },
	{ ". Let each element belong to one work-item in each step, with barrier(CLK_LOCAL_MEM_FENCE) "
	  "between steps.",
	  ". Faça cada elemento pertencer a um só item de trabalho em cada passo, com "
	  "barrier(CLK_LOCAL_MEM_FENCE) entre um passo e outro." },
	{ ". Put barrier(CLK_LOCAL_MEM_FENCE) between the write (line %d) and the read (line %d), "
	  "where every work-item of the group passes it: everyone must have written before anyone "
	  "reads a neighbour's slot.",
	  ". Ponha barrier(CLK_LOCAL_MEM_FENCE) entre a escrita (linha %d) e a leitura (linha %d), num "
	  "ponto por onde todos os itens de trabalho do grupo passam: todos precisam ter escrito "
	  "antes que alguém leia a posição de um vizinho." },
	{ ". Each step must read the previous step's results only after everyone has written them: "
	  "end every step with barrier(CLK_LOCAL_MEM_FENCE). And within one step no work-item may "
	  "write a slot that another reads in the same step: read into a private variable, barrier, "
	  "then write, or address the slots so that a step never reads what it writes.",
	  ". Cada passo só pode ler os resultados do passo anterior depois que todos os escreveram: "
	  "termine cada passo com barrier(CLK_LOCAL_MEM_FENCE). E, dentro de um mesmo passo, nenhum "
	  "item de trabalho pode escrever numa posição que outro lê nesse passo: leia para uma "
	  "variável privada, faça a barreira e só então escreva, ou organize as posições para que um "
	  "passo nunca leia o que ele mesmo escreve." },

	/* ---- uninitialised values ---- */
	{ "uninitialised value", "valor não inicializado" },
	{ "At line %d, %s stored into %s a value computed from memory nobody had written",
	  "Na linha %d, %s preencheu %s com um valor calculado a partir de memória que ninguém tinha "
	  "escrito" },
	{ "At line %d, %s took a branch that depends on a value nobody had written",
	  "Na linha %d, %s seguiu por um ramo que depende de um valor que ninguém tinha escrito" },
	{ "At line %d, %s used an index computed from a value nobody had written",
	  "Na linha %d, %s usou um índice calculado a partir de um valor que ninguém tinha escrito" },
	{ ": a slot of local memory that no work-item filled, or a private variable without a "
	  "starting value.",
	  ": uma posição da memória local em que nenhum item de trabalho escreveu, ou uma variável "
	  "privada sem valor inicial." },
	{ "\nLocal memory starts with garbage on a GPU (the CPU device often happens to give zeros). "
	  "Give every slot a value before anyone reads it: for a sum, set each work-item's slot to 0, "
	  "the identity of +, before the guarded load, so a partly filled last work-group still sums "
	  "correctly.",
	  "\nNuma GPU, a memória local começa com lixo (o dispositivo de CPU muitas vezes dá zeros por "
	  "acaso). Dê um valor a cada posição antes que alguém a leia: numa soma, cada item de "
	  "trabalho põe 0, o elemento neutro de +, na sua posição antes da carga protegida, e assim "
	  "um último grupo de trabalho incompleto ainda soma certo." },
	{ "\nPrivate variables and local memory start with garbage on a GPU (the CPU device often "
	  "happens to give zeros). Give every private variable a starting value (`int sum = 0;`), "
	  "and write every slot of local memory before anyone reads it (0, the identity of +, for a "
	  "sum).",
	  "\nNuma GPU, variáveis privadas e memória local começam com lixo (o dispositivo de CPU "
	  "muitas vezes dá zeros por acaso). Dê um valor inicial a cada variável privada "
	  "(`int sum = 0;`) e escreva cada posição da memória local antes que alguém a leia (0, o "
	  "elemento neutro de +, numa soma)." },

	/* errors of use and configuration: error(), warning() and die() (util.c), device choice */
	{ "warning: ", "aviso: " },
	{ "out of memory", "memória esgotada" },
	{ "%s needs a value", "%s precisa de um valor" },
	{ "option -%c needs a value", "a opção -%c precisa de um valor" },
	{ "unknown option -%c", "opção desconhecida -%c" },
	{ "option %s needs a value", "a opção %s precisa de um valor" },
	{ "unknown option %s", "opção desconhecida %s" },
	{ "%s: too few arguments", "%s: faltam argumentos" },
	{ "%s: too many arguments", "%s: argumentos demais" },
	{ "unknown or ambiguous command '%s'", "comando desconhecido ou ambíguo: '%s'" },
	{ "check: unexpected '%s'", "check: '%s' inesperado" },
	{ "no exercise named '%s' (see `clings list`)",
	  "nenhum exercício se chama '%s' (veja `clings list`)" },
	{ "'%s' is ambiguous:%s", "'%s' é ambíguo:%s" },
	{ "%s: cannot open the course directory:",
	  "%s: não foi possível abrir o diretório do curso:" },
	{ "%s: not a course (it has no exercises/ directory):",
	  "%s: não é um curso (não tem o diretório exercises/):" },
	{ "%s: the course has no exercises", "%s: o curso não tem exercícios" },
	{ "%s: cannot read:", "%s: não foi possível ler:" },
	{ "%s: no lesson yet:", "%s: ainda não há lição:" },
	{ "%s: no hints yet", "%s: ainda não há dicas" },
	{ "%s: no hints yet (each starts with a line '## Hint')",
	  "%s: ainda não há dicas (cada uma começa com uma linha '## Hint')" },
	{ "%s: no pristine copy of the stub (neither %s.orig nor a git checkout)",
	  "%s: não há cópia original do esqueleto (nem %s.orig nem um checkout do git)" },
	{ "%s: cannot read, not resetting:", "%s: não foi possível ler; nada foi trocado:" },
	{ "%s: too many backups; remove some %s.*.bak",
	  "%s: cópias guardadas demais; apague algumas %s.*.bak" },
	{ "%s: cannot write the backup, not resetting:",
	  "%s: não foi possível guardar a sua versão; nada foi trocado:" },
	{ "%s: cannot write:", "%s: não foi possível gravar:" },
	{ "%s: cannot save progress:", "%s: não foi possível salvar o progresso:" },
	{ "%s: cannot read, starting afresh:", "%s: não foi possível ler; começando do zero:" },
	{ "cannot create a pipe:", "não foi possível criar um pipe:" },
	{ "cannot start the checking process:",
	  "não foi possível iniciar o processo de verificação:" },
	{ "standard input is not a terminal", "a entrada padrão não é um terminal" },
	{ "no OpenCL platform found (%s); scripts/install-deps installs PoCL",
	  "nenhuma plataforma OpenCL encontrada (%s); scripts/install-deps instala o PoCL" },
	{ "no OpenCL device matches '%s' (see `clings devices`)",
	  "nenhum dispositivo OpenCL corresponde a '%s' (veja `clings devices`)" },
	{ "cannot open %s: %s (%d)", "não foi possível abrir %s: %s (%d)" },

	{ NULL, NULL },
};

const char *tr_from(const struct translation *table, const char *lang, const char *english)
{
	if (!lang || strcmp(lang, "pt-BR"))
		return english;
	/* A linear search: a check looks up a few dozen messages, a table has about 130. */
	for (const struct translation *t = table; t->english; t++)
		if (!strcmp(t->english, english))
			return t->portuguese;
	return english;
}

const char *tr(const char *lang, const char *english)
{
	return tr_from(translations, lang, english);
}

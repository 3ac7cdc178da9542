/*
 * access-plugin.cpp: an Oclgrind plugin that measures how a kernel touches memory, the figures a
 * GPU profiler gives (sectors per request, bank conflicts), on any machine.
 *
 * Oclgrind interprets one work-item at a time, so the plugin rebuilds what a GPU would issue
 * together: the work-items of a work-group are cut into warps of CLINGS_WARP (default 32)
 * consecutive local linear ids, and the k-th execution of one memory instruction by each
 * work-item of a warp forms one request (as the lanes of a warp execute it together).
 * - Global (and constant) memory: the request costs the 32-byte sectors its lanes touch; the
 *   ideal is the bytes they asked for, rounded up to whole sectors.
 * - Local memory: CLINGS_BANKS (default 32) banks of 4-byte words; a request's conflict degree is
 *   the largest number of different words it needs from one bank (lanes reading the same word
 *   share it: a broadcast costs nothing).
 * - Local memory read by a work-item other than the one that last wrote it: the array is shared.
 *
 * At the end of each kernel it writes "accessed <TAB> kernel", then one line per memory
 * instruction, to the descriptor named by CLINGS_ACCESS_FD (the analysis child's channel):
 *   access <TAB> space(g|l) <TAB> op(load|store) <TAB> line <TAB> name <TAB> bytes <TAB>
 *          requests <TAB> sectors <TAB> ideal <TAB> worst sectors <TAB> degree sum <TAB> worst degree
 *          <TAB> foreign loads
 * where name is a kernel argument's name, a __local array's name, or "?" when the address does
 * not come from either. The line is the learner's source line (the analysis builds with
 * -cl-opt-disable, so every access keeps its debug location). Addresses carry Oclgrind's buffer
 * number in their top bits, so two buffers never share a sector.
 *
 * Built with -fno-rtti like Oclgrind, and linked against liboclgrind and LLVM: the ICD loader
 * opens Oclgrind privately, so its symbols are not visible to a plugin otherwise.
 */
#include <oclgrind/Context.h>
#include <oclgrind/Kernel.h>
#include <oclgrind/KernelInvocation.h>
#include <oclgrind/Memory.h>
#include <oclgrind/Plugin.h>
#include <oclgrind/WorkGroup.h>
#include <oclgrind/WorkItem.h>

#include <llvm/IR/DebugLoc.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Operator.h>

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace {

const unsigned SPACE_GLOBAL = 1, SPACE_CONSTANT = 2, SPACE_LOCAL = 3;
const size_t SECTOR_BYTES = 32, BANK_BYTES = 4;

/* Totals of one memory instruction over every request. */
struct Figures {
	char space = 'g';
	bool store = false;
	unsigned line = 0;
	std::string name;
	size_t bytes = 0;            /* size of one lane's access */
	unsigned long requests = 0, sectors = 0, ideal = 0, worst_sectors = 0;
	unsigned long degrees = 0, worst_degree = 0, foreign_loads = 0;
};

/* The lanes of one request so far: the words or bytes they touched. */
struct Request {
	std::set<size_t> bytes;      /* global: every byte asked for */
	std::set<size_t> words;      /* local: every 4-byte word asked for */
};

long env_number(const char *name, long fallback)
{
	const char *v = getenv(name);
	char *end;
	long n = v ? strtol(v, &end, 10) : 0;
	return v && *v && !*end && n > 0 && n <= 1024 ? n : fallback;
}

void write_all(int fd, const std::string &s)
{
	size_t done = 0;
	while (done < s.size()) {
		ssize_t n = write(fd, s.data() + done, s.size() - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		done += (size_t)n;
	}
}

class AccessPlugin : public oclgrind::Plugin {
public:
	explicit AccessPlugin(const oclgrind::Context *context)
		: oclgrind::Plugin(context), warp((size_t)env_number("CLINGS_WARP", 32)),
		  banks((size_t)env_number("CLINGS_BANKS", 32)),
		  fd((int)env_number("CLINGS_ACCESS_FD", -1))
	{
	}

	bool isThreadSafe() const override { return false; }

	void kernelBegin(const oclgrind::KernelInvocation *inv) override
	{
		kernel = inv->getKernel();
		figures.clear();
	}

	void kernelEnd(const oclgrind::KernelInvocation *) override
	{
		/* first a line that says the plugin ran, also for a kernel that touched no memory */
		std::string out = "accessed\t" + (kernel ? kernel->getName() : std::string("?")) + "\n";
		for (auto &kv : figures) {
			const Figures &f = kv.second;
			char line[512];
			snprintf(line, sizeof(line),
				 "access\t%c\t%s\t%u\t%s\t%zu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\n", f.space,
				 f.store ? "store" : "load", f.line, f.name.empty() ? "?" : f.name.c_str(),
				 f.bytes, f.requests, f.sectors, f.ideal, f.worst_sectors, f.degrees,
				 f.worst_degree, f.foreign_loads);
			out += line;
		}
		if (fd >= 0)
			write_all(fd, out);
		figures.clear();
		kernel = nullptr;
	}

	void workGroupBegin(const oclgrind::WorkGroup *) override { clear_group(); }

	void workGroupComplete(const oclgrind::WorkGroup *) override
	{
		for (auto &kv : requests) {
			const llvm::Instruction *inst = std::get<0>(kv.first);
			Figures &f = figures[inst];
			const Request &r = kv.second;
			f.requests++;
			if (f.space == 'l') {
				std::map<size_t, unsigned long> per_bank;
				unsigned long degree = 0;
				for (size_t w : r.words)
					degree = std::max(degree, ++per_bank[w % banks]);
				f.degrees += degree;
				f.worst_degree = std::max(f.worst_degree, degree);
			} else {
				std::set<size_t> sectors;
				for (size_t b : r.bytes)
					sectors.insert(b / SECTOR_BYTES);
				unsigned long ideal = (r.bytes.size() + SECTOR_BYTES - 1) / SECTOR_BYTES;
				f.sectors += sectors.size();
				f.ideal += ideal;
				f.worst_sectors = std::max(f.worst_sectors, (unsigned long)sectors.size());
			}
		}
		clear_group();
	}

	void memoryLoad(const oclgrind::Memory *memory, const oclgrind::WorkItem *item,
			size_t address, size_t size) override
	{
		access(memory, item, address, size, false);
	}

	void memoryStore(const oclgrind::Memory *memory, const oclgrind::WorkItem *item,
			 size_t address, size_t size, const uint8_t *) override
	{
		access(memory, item, address, size, true);
	}

private:
	size_t warp, banks;
	int fd;
	const oclgrind::Kernel *kernel = nullptr;
	std::map<const llvm::Instruction *, Figures> figures;
	/* (instruction, warp, k-th execution by its work-item) -> the request's lanes */
	std::map<std::tuple<const llvm::Instruction *, size_t, unsigned long>, Request> requests;
	/* (instruction, local linear id) -> executions so far in this work-group */
	std::unordered_map<const llvm::Instruction *, std::unordered_map<size_t, unsigned long>> seen;
	/* local word -> local linear id of its last writer, in this work-group */
	std::unordered_map<size_t, size_t> writer;

	void clear_group()
	{
		requests.clear();
		seen.clear();
		writer.clear();
	}

	/* The kernel argument or __local array a pointer comes from, following what clang emits at
	 * -O0: casts, element offsets, and the stack slot each argument is copied to. */
	std::string base_name(const llvm::Value *v) const
	{
		for (int depth = 0; v && depth < 64; depth++) {
			v = v->stripPointerCasts();
			if (auto *gep = llvm::dyn_cast<llvm::GEPOperator>(v)) {
				v = gep->getPointerOperand();
			} else if (auto *gv = llvm::dyn_cast<llvm::GlobalVariable>(v)) {
				std::string n = gv->getName().str();  /* "kernel.tile" for a kernel's own */
				size_t dot = n.rfind('.');
				return dot == std::string::npos ? n : n.substr(dot + 1);
			} else if (auto *arg = llvm::dyn_cast<llvm::Argument>(v)) {
				if (!kernel || arg->getParent() != kernel->getFunction())
					return "";
				return kernel->getArgumentName(arg->getArgNo()).str();
			} else if (auto *ld = llvm::dyn_cast<llvm::LoadInst>(v)) {
				v = stored_into(ld->getPointerOperand()->stripPointerCasts());
			} else {
				return "";
			}
		}
		return "";
	}

	/* The value stored into a stack slot, if it is stored there once. */
	static const llvm::Value *stored_into(const llvm::Value *slot)
	{
		if (!llvm::isa<llvm::AllocaInst>(slot))
			return nullptr;
		const llvm::Value *found = nullptr;
		for (const llvm::User *u : slot->users()) {
			auto *st = llvm::dyn_cast<llvm::StoreInst>(u);
			if (st && st->getPointerOperand() == slot) {
				if (found)
					return nullptr;
				found = st->getValueOperand();
			}
		}
		return found;
	}

	void access(const oclgrind::Memory *memory, const oclgrind::WorkItem *item, size_t address,
		    size_t size, bool store)
	{
		unsigned space = memory->getAddressSpace();
		if (space != SPACE_GLOBAL && space != SPACE_CONSTANT && space != SPACE_LOCAL)
			return;
		const llvm::Instruction *inst = item->getCurrentInstruction();
		if (!inst)
			return;
		oclgrind::Size3 lid = item->getLocalID();
		oclgrind::Size3 gs = item->getWorkGroup()->getGroupSize();
		size_t linear = lid.x + gs.x * (lid.y + gs.y * lid.z);

		Figures &f = figures[inst];
		if (!f.requests && f.bytes == 0) {
			f.space = space == SPACE_LOCAL ? 'l' : 'g';
			f.store = store;
			f.bytes = size;
			const llvm::DebugLoc &loc = inst->getDebugLoc();
			f.line = loc ? loc.getLine() : 0;
			const llvm::Value *ptr = nullptr;
			if (auto *ld = llvm::dyn_cast<llvm::LoadInst>(inst))
				ptr = ld->getPointerOperand();
			else if (auto *st = llvm::dyn_cast<llvm::StoreInst>(inst))
				ptr = st->getPointerOperand();
			f.name = ptr ? base_name(ptr) : "";
		}

		unsigned long k = seen[inst][linear]++;
		Request &r = requests[std::make_tuple(inst, linear / warp, k)];
		if (space == SPACE_LOCAL) {
			bool foreign = false;
			for (size_t w = address / BANK_BYTES; w <= (address + size - 1) / BANK_BYTES; w++) {
				r.words.insert(w);
				auto it = writer.find(w);
				if (store)
					writer[w] = linear;
				else if (it != writer.end() && it->second != linear)
					foreign = true;
			}
			f.foreign_loads += foreign;
		} else {
			for (size_t b = address; b < address + size; b++)
				r.bytes.insert(b);
		}
	}
};

} // namespace

extern "C" void initializePlugins(oclgrind::Context *context)
{
	context->registerPlugin(new AccessPlugin(context));
}

extern "C" void destroyPlugins(oclgrind::Plugin *plugin)
{
	delete plugin;
}

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
 *   An atomic whose old value the kernel uses (atomic_xchg, atomic_cmpxchg, atomic_add's
 *   result) reads too; one whose result is dropped only writes.
 * - Every execution by a work-item (lanes), and for a global load whether its work-item had
 *   loaded that address before in this launch (first loads: a row read twice counts once).
 * - Multiply-adds: every floating-point multiply a work-item executes (a fused fma or mad, or a
 *   multiply whose product is then added, is one), element by element for vectors.
 * - The alignment the compiler knows of each access: a load's or store's own, or for a vloadN
 *   or vstoreN its element's (all the language promises of its pointer). A global access wider
 *   than that alignment is one the device may split into pieces of the alignment's size, as
 *   NVIDIA's OpenCL compiler makes four 4-byte loads of a vload4 from a float *: its requests and
 *   sectors are also counted piece by piece, as the device would issue them (each piece one
 *   request of the warp's lanes), beside the figures of the whole access.
 *
 * At the end of each kernel it writes "accessed <TAB> kernel", then one line per memory
 * instruction, to the descriptor named by CLINGS_ACCESS_FD (the analysis child's channel):
 *   access <TAB> space(g|l) <TAB> op(load|store) <TAB> line <TAB> name <TAB> bytes <TAB>
 *          requests <TAB> sectors <TAB> ideal <TAB> worst sectors <TAB> degree sum <TAB> worst degree
 *          <TAB> foreign loads <TAB> lanes <TAB> first loads <TAB> 0 <TAB> align <TAB>
 *          split requests <TAB> split sectors
 * (the 0 stands where a report's line has the multiply-adds; the split figures are 0 unless the
 * access is global and wider than its alignment), then "madds <TAB> count" (the launch's
 * multiply-adds), where name is a kernel argument's
 * position ("#2"), a __local array's name, or "?" when the address does not come from either. For the analysis's messages, two more kinds of line:
 *   local <TAB> buffer <TAB> name <TAB> element bytes <TAB> elements <TAB> columns
 * for each __local array the kernel declares itself, by Oclgrind's buffer number (the top bits
 * of its addresses; columns is the inner size of a 2-D array, else 0), and
 *   unwritten <TAB> buffer <TAB> byte offset <TAB> bytes <TAB> line <TAB> group x,y,z <TAB>
 *          local x,y,z <TAB> slots written <TAB> their writers
 * for the first load of each work-item (at most MAX_UNWRITTEN a launch) from local memory that
 * no work-item of its group had written: the slots (in units of the load's size) that the group
 * had written by then, as "0-31,40", and the local linear ids that wrote them ("-" where a
 * whole group, by async_work_group_copy, or an atomic wrote). The line is the learner's source line (the analysis builds with
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

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DebugLoc.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include <string.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace {

const unsigned SPACE_GLOBAL = 1, SPACE_CONSTANT = 2, SPACE_LOCAL = 3;
const size_t SECTOR_BYTES = 32, BANK_BYTES = 4;
const unsigned long MAX_UNWRITTEN = 64;   /* unwritten-slot reads told per launch */
const size_t WHOLE_GROUP = (size_t)-1;    /* a writer that is no one work-item */

/* A __local array the kernel declares itself. */
struct LocalArray {
	std::string name;
	size_t elem = 0, count = 0, cols = 0;
};

/* "0-31,40" for a sorted set of numbers. */
std::string ranges_text(const std::set<size_t> &ids)
{
	std::string out;
	for (auto it = ids.begin(); it != ids.end();) {
		size_t first = *it, last = first;
		while (++it != ids.end() && *it == last + 1)
			last = *it;
		out += (out.empty() ? "" : ",") + std::to_string(first);
		if (last > first)
			out += "-" + std::to_string(last);
	}
	return out.empty() ? "-" : out;
}

/* Totals of one memory instruction over every request. */
struct Figures {
	char space = 'g';
	bool store = false;
	unsigned line = 0;
	std::string name;
	size_t bytes = 0;            /* size of one lane's access */
	size_t align = 0;            /* the alignment the compiler knows of it */
	unsigned long requests = 0, sectors = 0, ideal = 0, worst_sectors = 0;
	unsigned long split_requests = 0, split_sectors = 0;   /* as pieces of align bytes */
	unsigned long degrees = 0, worst_degree = 0, foreign_loads = 0;
	unsigned long lanes = 0, first_loads = 0;
};

/* The lanes of one request so far: the words or bytes they touched, repeats included (an
 * access appends; the group's end sorts them once). */
struct Request {
	std::vector<size_t> bytes;   /* global: every byte asked for */
	std::vector<size_t> lanes;   /* global: the lanes (places in the warp) that asked */
	std::vector<size_t> starts;  /* global: each lane's first byte */
	std::vector<size_t> words;   /* local: every 4-byte word asked for, its phase on top */
};

/* A local request's word carries the phase its lane is served in above this bit: lanes that
 * access more than a bank's 4 bytes each are served in several phases (a warp of 8-byte values
 * in two of 16 lanes), and banks conflict only within a phase. */
const unsigned PHASE_SHIFT = 56;
const size_t WORD_MASK = ((size_t)1 << PHASE_SHIFT) - 1;

/* v sorted, without repeats. */
void sort_unique(std::vector<size_t> &v)
{
	std::sort(v.begin(), v.end());
	v.erase(std::unique(v.begin(), v.end()), v.end());
}

/* (instruction, warp, k-th execution by its work-item): a request's key. */
struct RequestKey {
	const llvm::Instruction *inst;
	size_t warp;
	unsigned long k;
	bool operator==(const RequestKey &o) const { return inst == o.inst && warp == o.warp && k == o.k; }
};
struct RequestHash {
	size_t operator()(const RequestKey &r) const
	{
		size_t h = std::hash<const void *>()(r.inst);
		h = h * 1000003u ^ r.warp;
		return h * 1000003u ^ r.k;
	}
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
		  fd((int)env_number("CLINGS_ACCESS_FD", -1)), per_bank(banks)
	{
	}

	bool isThreadSafe() const override { return false; }

	void kernelBegin(const oclgrind::KernelInvocation *inv) override
	{
		kernel = inv->getKernel();
		figures.clear();
		madds = 0;
	}

	void instructionExecuted(const oclgrind::WorkItem *, const llvm::Instruction *inst,
				 const oclgrind::TypedValue &) override
	{
		unsigned n = 0;
		if (inst->getOpcode() == llvm::Instruction::FMul) {
			n = 1;
		} else if (auto *call = llvm::dyn_cast<llvm::CallInst>(inst)) {
			const llvm::Function *fn = call->getCalledFunction();
			std::string name = fn ? fn->getName().str() : "";
			/* llvm.fmuladd.*, llvm.fma.*, and OpenCL's fma() and mad() by their mangled names */
			for (const char *p : { "llvm.fmuladd", "llvm.fma.", "_Z3fma", "_Z3mad" })
				if (!name.compare(0, strlen(p), p))
					n = 1;
		}
		if (!n)
			return;
		llvm::Type *t = inst->getType();
		if (auto *vt = llvm::dyn_cast<llvm::FixedVectorType>(t))
			n = vt->getNumElements();
		madds += n;
	}

	void kernelEnd(const oclgrind::KernelInvocation *) override
	{
		/* first a line that says the plugin ran, also for a kernel that touched no memory */
		std::string out = "accessed\t" + (kernel ? kernel->getName() : std::string("?")) + "\n";
		for (auto &kv : figures) {
			const Figures &f = kv.second;
			char line[512];
			snprintf(line, sizeof(line),
				 "access\t%c\t%s\t%u\t%s\t%zu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu"
				 "\t0\t%zu\t%lu\t%lu\n",
				 f.space, f.store ? "store" : "load", f.line, f.name.empty() ? "?" : f.name.c_str(),
				 f.bytes, f.requests, f.sectors, f.ideal, f.worst_sectors, f.degrees,
				 f.worst_degree, f.foreign_loads, f.lanes, f.first_loads, f.align,
				 f.split_requests, f.split_sectors);
			out += line;
		}
		out += "madds\t" + std::to_string(madds) + "\n";
		for (auto &kv : arrays)
			out += "local\t" + std::to_string(kv.first) + "\t" + kv.second.name + "\t" +
			       std::to_string(kv.second.elem) + "\t" + std::to_string(kv.second.count) +
			       "\t" + std::to_string(kv.second.cols) + "\n";
		out += unwritten;
		if (fd >= 0)
			write_all(fd, out);
		figures.clear();
		arrays.clear();
		unwritten.clear();
		unwritten_count = 0;
		told.clear();
		kernel = nullptr;
	}

	void workGroupBegin(const oclgrind::WorkGroup *) override { clear_group(); }

	void workGroupComplete(const oclgrind::WorkGroup *) override
	{
		for (auto &kv : requests) {   /* sums and maxima: their order does not matter */
			Figures &f = figures[kv.first.inst];
			Request &r = kv.second;
			f.requests++;
			if (f.space == 'l') {
				unsigned long degree = 0;
				sort_unique(r.words);
				size_t phase = (size_t)-1;
				for (size_t w : r.words) {   /* sorted: phase by phase */
					if (w >> PHASE_SHIFT != phase) {
						phase = w >> PHASE_SHIFT;
						std::fill(per_bank.begin(), per_bank.end(), 0);
					}
					degree = std::max(degree, ++per_bank[(w & WORD_MASK) % banks]);
				}
				f.degrees += degree;
				f.worst_degree = std::max(f.worst_degree, degree);
			} else {
				sort_unique(r.bytes);
				unsigned long sectors = 0;
				size_t last = 0;
				for (size_t b : r.bytes)   /* sorted: each new sector counts once */
					if (!sectors || b / SECTOR_BYTES != last) {
						sectors++;
						last = b / SECTOR_BYTES;
					}
				/* The ideal: the bytes asked for, packed into whole sectors; but where
				 * only some lanes are active (a guard, data that decides), no kernel
				 * packs them closer than the sectors the same lanes would touch reading
				 * neighbouring elements, each its own lane's (unless it does better). */
				unsigned long packed = (r.bytes.size() + SECTOR_BYTES - 1) / SECTOR_BYTES;
				std::vector<size_t> &lanes = r.lanes;
				for (size_t &l : lanes)
					l = l * f.bytes / SECTOR_BYTES;
				sort_unique(lanes);
				unsigned long ideal = std::max(packed, std::min((unsigned long)lanes.size(), sectors));
				f.sectors += sectors;
				f.ideal += ideal;
				f.worst_sectors = std::max(f.worst_sectors, sectors);
				if (f.align && f.align < f.bytes)
					split(f, r.starts);
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

	/* async_work_group_copy into local memory: the slots are written by the whole group, so
	 * a work-item that reads them reads what others stored (a shared fill) */
	void memoryStore(const oclgrind::Memory *memory, const oclgrind::WorkGroup *,
			 size_t address, size_t size, const uint8_t *) override
	{
		fill(memory, address, size, WHOLE_GROUP);
		mark_writer(memory, address, size, WHOLE_GROUP);
	}

	/* An atomic whose old value the kernel uses (uint c = atomic_xchg(&counts[b], 0), the slot
	 * atomic_inc hands out, atomic_add(&x, 0) as a read) reads what others stored: in local
	 * memory it is a load like any other, for sharing, conflicts and unwritten slots. One whose
	 * result is dropped (atomic_inc(&bins[v]);) only writes. Global atomics stay out of the
	 * figures: a sector count of a contended counter is no coalescing the rules teach. */
	void memoryAtomicLoad(const oclgrind::Memory *memory, const oclgrind::WorkItem *item,
			      oclgrind::AtomicOp, size_t address, size_t size) override
	{
		const llvm::Instruction *inst = item->getCurrentInstruction();
		if (memory->getAddressSpace() == SPACE_LOCAL && inst && !inst->use_empty())
			access(memory, item, address, size, false);
	}

	/* atomics: the slots are written, by this work-item */
	void memoryAtomicStore(const oclgrind::Memory *memory, const oclgrind::WorkItem *item,
			       oclgrind::AtomicOp, size_t address, size_t size) override
	{
		fill(memory, address, size, WHOLE_GROUP);
		mark_writer(memory, address, size, linear_id(item));
	}

private:
	size_t warp, banks;
	int fd;
	std::vector<unsigned long> per_bank;      /* one local request's words per bank */
	const oclgrind::Kernel *kernel = nullptr;
	std::map<const llvm::Instruction *, Figures> figures;
	/* (instruction, warp, k-th execution by its work-item) -> the request's lanes */
	std::unordered_map<RequestKey, Request, RequestHash> requests;
	/* (instruction, local linear id) -> executions so far in this work-group */
	std::unordered_map<const llvm::Instruction *, std::unordered_map<size_t, unsigned long>> seen;
	/* local word -> local linear id of its last writer, in this work-group */
	std::unordered_map<size_t, size_t> writer;
	/* local word -> who filled it (a work-item's linear id, or WHOLE_GROUP), in this work-group */
	std::unordered_map<size_t, size_t> filled;
	std::map<size_t, LocalArray> arrays;      /* by buffer number, in this launch */
	std::string unwritten;                    /* the "unwritten" lines of this launch */
	unsigned long unwritten_count = 0;
	std::set<size_t> told;                    /* linear ids told of, in this work-group */
	unsigned long madds = 0;                  /* multiply-adds of this launch */
	/* local linear id -> the global addresses it has loaded, in this work-group */
	std::unordered_map<size_t, std::unordered_set<size_t>> loaded;

	/* The pieces of align bytes a device issues for an access wider than its alignment: piece
	 * p of every lane together is one request, costing the sectors its bytes touch. */
	static void split(Figures &f, const std::vector<size_t> &starts)
	{
		std::vector<size_t> sectors;
		for (size_t p = 0; p < f.bytes / f.align; p++) {
			sectors.clear();
			for (size_t s : starts)
				for (size_t b = s + p * f.align; b < s + (p + 1) * f.align; b++)
					sectors.push_back(b / SECTOR_BYTES);
			sort_unique(sectors);
			f.split_requests++;
			f.split_sectors += sectors.size();
		}
	}

	/* The alignment the compiler may assume of inst's access of size bytes: a load's or a
	 * store's own; a built-in's (vloadN, vstoreN) that of its vector's element, all the
	 * language promises of its pointer. */
	static size_t known_align(const llvm::Instruction *inst, size_t size)
	{
		size_t align = size;
		if (auto *ld = llvm::dyn_cast<llvm::LoadInst>(inst)) {
			align = (size_t)ld->getAlign().value();
		} else if (auto *st = llvm::dyn_cast<llvm::StoreInst>(inst)) {
			align = (size_t)st->getAlign().value();
		} else if (auto *call = llvm::dyn_cast<llvm::CallInst>(inst)) {
			/* vloadN returns the vector; vstoreN takes it first */
			llvm::Type *t = call->getType();
			if (t->isVoidTy() && call->arg_size())
				t = call->getArgOperand(0)->getType();
			if (auto *vt = llvm::dyn_cast<llvm::FixedVectorType>(t))
				align = vt->getElementType()->getPrimitiveSizeInBits() / 8;
		}
		return align && align < size && size % align == 0 ? align : size;
	}

	void clear_group()
	{
		requests.clear();
		seen.clear();
		writer.clear();
		filled.clear();
		told.clear();
		loaded.clear();
	}

	static size_t linear_id(const oclgrind::WorkItem *item)
	{
		oclgrind::Size3 lid = item->getLocalID();
		oclgrind::Size3 gs = item->getWorkGroup()->getGroupSize();
		return lid.x + gs.x * (lid.y + gs.y * lid.z);
	}

	/* Local words last written by who (a work-item's linear id, or WHOLE_GROUP). */
	void mark_writer(const oclgrind::Memory *memory, size_t address, size_t size, size_t who)
	{
		if (memory->getAddressSpace() != SPACE_LOCAL || !size)
			return;
		for (size_t w = address / BANK_BYTES; w <= (address + size - 1) / BANK_BYTES; w++)
			writer[w] = who;
	}

	void fill(const oclgrind::Memory *memory, size_t address, size_t size, size_t who)
	{
		if (memory->getAddressSpace() != SPACE_LOCAL || !size)
			return;
		for (size_t w = address / BANK_BYTES; w <= (address + size - 1) / BANK_BYTES; w++)
			filled[w] = who;
	}

	/* A load from local memory no work-item of the group had written: one line, the first
	 * such load of each work-item. */
	void tell_unwritten(const oclgrind::Memory *memory, const oclgrind::WorkItem *item,
			    size_t address, size_t size, size_t linear, unsigned line)
	{
		if (unwritten_count >= MAX_UNWRITTEN || !told.insert(linear).second)
			return;
		size_t buffer = memory->extractBuffer(address);
		std::set<size_t> slots, writers;
		for (auto &kv : filled) {
			size_t a = kv.first * BANK_BYTES;
			if (memory->extractBuffer(a) != buffer)
				continue;
			slots.insert(memory->extractOffset(a) / size);
			if (kv.second != WHOLE_GROUP)
				writers.insert(kv.second);
		}
		bool whole = false;
		for (auto &kv : filled)
			whole |= kv.second == WHOLE_GROUP && memory->extractBuffer(kv.first * BANK_BYTES) == buffer;
		oclgrind::Size3 g = item->getWorkGroup()->getGroupID(), l = item->getLocalID();
		char head[256];
		snprintf(head, sizeof(head), "unwritten\t%zu\t%zu\t%zu\t%u\t%zu,%zu,%zu\t%zu,%zu,%zu\t",
			 buffer, memory->extractOffset(address), size, line, g.x, g.y, g.z, l.x, l.y, l.z);
		unwritten += head + ranges_text(slots) + "\t" + (whole ? "-" : ranges_text(writers)) + "\n";
		unwritten_count++;
	}

	/* The kernel's own __local array a pointer comes from, by the size of its type. */
	void note_array(const oclgrind::Memory *memory, size_t address, const llvm::Value *ptr)
	{
		size_t buffer = memory->extractBuffer(address);
		if (arrays.count(buffer))
			return;
		auto *gv = llvm::dyn_cast_or_null<llvm::GlobalVariable>(base_value(ptr));
		if (!gv || !gv->getParent())
			return;
		const llvm::DataLayout &dl = gv->getParent()->getDataLayout();
		llvm::Type *t = gv->getValueType();
		std::vector<uint64_t> dims;
		while (auto *at = llvm::dyn_cast<llvm::ArrayType>(t)) {
			dims.push_back(at->getNumElements());
			t = at->getElementType();
		}
		LocalArray a;
		a.name = base_name(ptr);
		a.elem = (size_t)dl.getTypeAllocSize(t);
		a.count = 1;
		for (uint64_t d : dims)
			a.count *= (size_t)d;
		a.cols = dims.size() == 2 ? (size_t)dims[1] : 0;
		if (!a.name.empty() && a.elem)
			arrays[buffer] = a;
	}

	/* The kernel argument or __local array (a global variable) a pointer comes from, following
	 * what clang emits at -O0: casts, element offsets, and the stack slot each argument is
	 * copied to; NULL when it comes from neither. */
	const llvm::Value *base_value(const llvm::Value *v) const
	{
		for (int depth = 0; v && depth < 64; depth++) {
			v = v->stripPointerCasts();
			if (auto *gep = llvm::dyn_cast<llvm::GEPOperator>(v))
				v = gep->getPointerOperand();
			else if (llvm::isa<llvm::GlobalVariable>(v))
				return v;
			else if (auto *arg = llvm::dyn_cast<llvm::Argument>(v))
				return kernel && arg->getParent() == kernel->getFunction() ? v : nullptr;
			else if (auto *ld = llvm::dyn_cast<llvm::LoadInst>(v))
				v = stored_into(ld->getPointerOperand()->stripPointerCasts());
			else
				return nullptr;
		}
		return nullptr;
	}

	std::string base_name(const llvm::Value *v) const
	{
		v = base_value(v);
		if (auto *gv = llvm::dyn_cast_or_null<llvm::GlobalVariable>(v)) {
			std::string n = gv->getName().str();  /* "kernel.tile" for a kernel's own */
			size_t dot = n.rfind('.');
			return dot == std::string::npos ? n : n.substr(dot + 1);
		}
		/* by position: the check names its arguments, whatever the learner calls them */
		if (auto *arg = llvm::dyn_cast_or_null<llvm::Argument>(v))
			return "#" + std::to_string(arg->getArgNo());
		return "";
	}

	/* The pointer an instruction accesses memory through: a load's or a store's, or the
	 * last pointer a built-in is called with (vload2(offset, p), vstore4(v, offset, p)). */
	static const llvm::Value *pointer_of(const llvm::Instruction *inst)
	{
		if (auto *ld = llvm::dyn_cast<llvm::LoadInst>(inst))
			return ld->getPointerOperand();
		if (auto *st = llvm::dyn_cast<llvm::StoreInst>(inst))
			return st->getPointerOperand();
		if (auto *call = llvm::dyn_cast<llvm::CallInst>(inst)) {
			const llvm::Value *found = nullptr;
			for (const llvm::Use &arg : call->args())
				if (arg->getType()->isPointerTy())
					found = arg.get();
			return found;
		}
		return nullptr;
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
		size_t linear = linear_id(item);

		Figures &f = figures[inst];
		if (!f.requests && f.bytes == 0) {
			f.space = space == SPACE_LOCAL ? 'l' : 'g';
			f.store = store;
			f.bytes = size;
			f.align = space == SPACE_LOCAL ? size : known_align(inst, size);
			const llvm::DebugLoc &loc = inst->getDebugLoc();
			f.line = loc ? loc.getLine() : 0;
			const llvm::Value *ptr = pointer_of(inst);
			f.name = ptr ? base_name(ptr) : "";
		}
		if (space == SPACE_LOCAL) {
			const llvm::Value *ptr = pointer_of(inst);
			if (ptr)
				note_array(memory, address, ptr);
			if (store) {
				fill(memory, address, size, linear);
			} else {
				bool any = false;
				for (size_t w = address / BANK_BYTES; w <= (address + size - 1) / BANK_BYTES; w++)
					any |= filled.count(w) > 0;
				if (!any)
					tell_unwritten(memory, item, address, size, linear, f.line);
			}
		}

		f.lanes++;
		if (space != SPACE_LOCAL && !store)
			f.first_loads += loaded[linear].insert(address).second;
		unsigned long k = seen[inst][linear]++;
		Request &r = requests[RequestKey{ inst, linear / warp, k }];
		if (space == SPACE_LOCAL) {
			bool foreign = false;
			size_t lane = linear % warp;
			size_t phase = size > BANK_BYTES ? lane * size / (banks * BANK_BYTES) : 0;
			for (size_t w = address / BANK_BYTES; w <= (address + size - 1) / BANK_BYTES; w++) {
				r.words.push_back(w | phase << PHASE_SHIFT);
				auto it = writer.find(w);
				if (store)
					writer[w] = linear;
				else if (it != writer.end() && it->second != linear)
					foreign = true;
			}
			f.foreign_loads += foreign;
		} else {
			for (size_t b = address; b < address + size; b++)
				r.bytes.push_back(b);
			r.lanes.push_back(linear % warp);
			r.starts.push_back(address);
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

#include "dynamic/limit_check.hpp"

#include "pakt/binary_codec.hpp"

namespace pakt::dynamic {
namespace {

using schema::Builtin;
using schema::Field;
using schema::Message;
using schema::TypeRef;

class LimitChecker {
 public:
  explicit LimitChecker(Checker& c) : c_(c) {}

  bool message(const Message& m, const DynValue& v) {
    const DynValue::List& fields = v.list();
    for (std::size_t i = 0; i < m.fields.size(); ++i) {
      const Field& f = m.fields[i];
      if (f.deprecated) continue;  // written as its default
      if (!value(f.type, fields[i], field_limits(f))) return c_.in_field(f.name.c_str());
    }
    return true;
  }

 private:
  bool value(const TypeRef& t, const DynValue& v, const Limits& limits) {
    if (v.is_null()) return true;
    switch (t.kind) {
      case TypeRef::Kind::kMessage: return message(*t.message, v);
      case TypeRef::Kind::kArray: {
        const DynValue::List& items = v.list();
        for (std::size_t i = 0; i < items.size(); ++i) {
          if (!value(*t.element, items[i], limits)) return c_.in_index(i);
        }
        return true;
      }
      case TypeRef::Kind::kList: {
        const DynValue::List& items = v.list();
        const bool uint8_elements =
            t.element->kind == TypeRef::Kind::kBuiltin && t.element->builtin == Builtin::kUInt8;
        // Encode-side errors have no offset (0), as in pakt::CheckLimits.
        if (!CheckLength(c_, 0, ListLengthRule(limits, uint8_elements), items.size())) return false;
        const Limits element_limits = ElementLimits(limits);
        for (std::size_t i = 0; i < items.size(); ++i) {
          if (!value(*t.element, items[i], element_limits)) return c_.in_index(i);
        }
        return true;
      }
      case TypeRef::Kind::kBuiltin: break;
      case TypeRef::Kind::kEnum: return true;
    }
    if (t.builtin == Builtin::kString) return CheckLimits(c_, std::get<std::string>(v.data), limits);
    if (t.builtin == Builtin::kBytes) return CheckLimits(c_, std::get<DynValue::Bytes>(v.data), limits);
    return true;
  }

  Checker& c_;
};

}  // namespace

Limits field_limits(const schema::Field& field) { return Limits{field.max_length, field.max_count}; }

Status check_limits(const schema::Message& message, const DynValue& value) {
  Checker checker;
  if (!LimitChecker(checker).message(message, value)) {
    checker.in_field(message.name.c_str());
    return checker.status();
  }
  return Status::Ok();
}

}  // namespace pakt::dynamic

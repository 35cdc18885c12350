// Declarations in, a checked registry out.
#include "services/core/family_registry.h"

#include <sstream>
#include <stdexcept>

namespace cairn::services {
namespace {

// A default expand whose path the parser dropped is a typo in a declaration.
records::ExpandTree ParseDefaultExpand(const std::string& text, const records::CollectionSpec& spec,
                                       const records::CollectionRegistry& collections) {
  records::ExpandTree tree = records::ParseExpand(text, spec, collections);
  std::stringstream paths(text);
  for (std::string path; std::getline(paths, path, ',');) {
    const records::ExpandTree* node = &tree;
    std::stringstream segments(path);
    for (std::string segment; node && std::getline(segments, segment, '.');) {
      auto it = node->children.find(segment);
      node = it == node->children.end() ? nullptr : &it->second;
    }
    if (!node) throw std::logic_error("bad default expand \"" + path + "\" of " + spec.name);
  }
  return tree;
}

}  // namespace

void FamilyRegistry::Add(FamilyDefinition definition) {
  if (sealed_) throw std::logic_error("families are added before Seal()");
  auto family = std::make_unique<Family>();
  family->spec = collections_.Add(definition.collection);
  family->definition = std::move(definition);
  families_.push_back(std::move(family));
}

void FamilyRegistry::Seal() {
  for (auto& family : families_) {
    const FamilyDefinition& d = family->definition;
    const records::CollectionSpec& spec = *family->spec;
    if (!d.access.view || !d.access.create || !d.access.update) {
      throw std::logic_error(spec.name + " declares no view, create or update rule");
    }
    for (const auto& field : spec.fields) {
      if (field.type == records::FieldType::kRelation &&
          !collections_.Find(field.relation_target)) {
        throw std::logic_error(spec.name + "." + field.name + " relates to unknown collection " +
                               field.relation_target);
      }
    }
    for (const FileRule& rule : d.files) {
      const records::FieldSpec* field = spec.FindField(rule.field);
      if (!field || field->type != records::FieldType::kFile) {
        throw std::logic_error(spec.name + " has no file field " + rule.field);
      }
    }
    family->show_expand = ParseDefaultExpand(d.show_expand, spec, collections_);
    family->list_expand = ParseDefaultExpand(d.list_expand, spec, collections_);
    family->create_expand = ParseDefaultExpand(d.create_expand, spec, collections_);
    family->update_expand = ParseDefaultExpand(d.update_expand, spec, collections_);
  }
  sealed_ = true;
}

const Family* FamilyRegistry::Find(std::string_view name_or_id) const {
  for (const auto& family : families_) {
    if (family->spec->name == name_or_id || family->spec->id == name_or_id) return family.get();
  }
  return nullptr;
}

}  // namespace cairn::services

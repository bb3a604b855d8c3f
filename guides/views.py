from django.views.generic import DetailView

from guides.models import Guide


class GuideDetailView(DetailView):
    """A guide with its published quizzes. Staff also see draft guides, as a preview; learners get 404."""

    template_name = "guides/guide_detail.html"
    context_object_name = "guide"

    def get_queryset(self):
        return Guide.objects.visible_to(self.request.user)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["quizzes"] = self.object.quizzes.published().with_question_count()
        return context
